# Checks: for over ranges with negative steps and empty ranges.
print(list(range(5)), list(range(2, 6)), list(range(0, 10, 3)))
print(list(range(5, 0, -1)), list(range(10, 0, -3)), list(range(-5, -1)))
print(list(range(3, 3)), list(range(5, 1)), list(range(1, 5, -1)))
total = 0
for k in range(100, 0, -7):
    total += k
print(total)
for i in range(2):
    for j in range(i, -1, -1):
        print(i, j)
