# Checks: time module used only in deterministic ways.
import time
t0 = time.time()
print(t0 > 1600000000, type(t0).__name__)
p0 = time.perf_counter()
total = sum(i * i for i in range(20000))
p1 = time.perf_counter()
print(total, p1 - p0 >= 0, p1 >= p0)
m0 = time.monotonic()
print(time.monotonic() >= m0)
time.sleep(0)
print("slept zero seconds")
