# Checks: nested loops, break only leaves the inner loop, flag patterns.
for i in range(3):
    for j in range(3):
        if j > i:
            break
        print(i, j, end="; ")
    print()
found = None
for a in range(1, 20):
    for b in range(a, 20):
        if a * a + b * b == 13 * 13:
            found = (a, b)
            break
    if found:
        break
print("pythagorean:", found)
