# Checks: integer counters and running totals in a loop-heavy program.
counts = [0] * 10
for i in range(1000):
    counts[(i * i + 3 * i) % 10] += 1
print(counts)
print(sum(counts))
running = []
acc = 0
for c in counts:
    acc += c
    running.append(acc)
print(running)
print(max(counts), counts.index(max(counts)))
