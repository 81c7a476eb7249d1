# Checks: while loops with data-dependent termination.
def collatz_steps(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps
for n in [1, 6, 7, 27, 97]:
    print(n, collatz_steps(n))
best = max(range(1, 1000), key=collatz_steps)
print("longest under 1000:", best, collatz_steps(best))
