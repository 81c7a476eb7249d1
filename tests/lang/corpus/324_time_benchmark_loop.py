# Checks: timing code with perf_counter; only relations are printed.
import time
def work(n):
    return sum(range(n))
times = []
for n in (1000, 10000):
    t = time.perf_counter()
    result = work(n)
    times.append(time.perf_counter() - t)
    print(n, result)
print(all(t >= 0 for t in times), len(times))
