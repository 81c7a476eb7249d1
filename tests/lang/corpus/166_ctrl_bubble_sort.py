# Checks: bubble sort with swap flag and early exit.
def bubble(xs):
    xs = list(xs)
    passes = 0
    for end in range(len(xs) - 1, 0, -1):
        swapped = False
        passes += 1
        for i in range(end):
            if xs[i] > xs[i + 1]:
                xs[i], xs[i + 1] = xs[i + 1], xs[i]
                swapped = True
        if not swapped:
            break
    return xs, passes
print(bubble([5, 3, 8, 1, 9, 2]))
print(bubble([1, 2, 3, 4]))
print(bubble([]))
