# Checks: maintaining a sorted list with manual insertion.
def insert_sorted(xs, value):
    i = 0
    while i < len(xs) and xs[i] < value:
        i += 1
    xs.insert(i, value)
ordered = []
for v in [5, 1, 4, 1, 9, 2, 6]:
    insert_sorted(ordered, v)
    print(ordered)
while 1 in ordered:
    ordered.remove(1)
print(ordered)
