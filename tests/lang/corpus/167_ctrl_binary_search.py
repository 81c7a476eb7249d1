# Checks: binary search loop with integer midpoints.
def bsearch(xs, target):
    lo, hi = 0, len(xs) - 1
    probes = 0
    while lo <= hi:
        mid = (lo + hi) // 2
        probes += 1
        if xs[mid] == target:
            return mid, probes
        if xs[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1, probes
data = list(range(0, 200, 3))
for t in (0, 99, 100, 198, 199):
    print(t, bsearch(data, t))
