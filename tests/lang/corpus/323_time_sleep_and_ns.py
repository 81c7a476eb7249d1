# Checks: time.sleep with a small delay, time_ns and process_time types.
import time
start = time.perf_counter()
time.sleep(0.01)
elapsed = time.perf_counter() - start
print(elapsed >= 0.005, elapsed < 5)
print(type(time.time_ns()).__name__, time.time_ns() > 0)
print(type(time.process_time()).__name__)
print(type(time.perf_counter_ns()).__name__)
