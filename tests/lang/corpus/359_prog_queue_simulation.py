# Checks: seeded random simulation of a queue.
import random
random.seed(31)
queue = []
served = 0
max_len = 0
for tick in range(50):
    if random.random() < 0.6:
        queue.append(tick)
    if queue and random.random() < 0.5:
        queue.pop(0)
        served += 1
    max_len = max(max_len, len(queue))
print(served, len(queue), max_len)
print(queue)
