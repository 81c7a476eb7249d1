# Checks: a timing context manager used deterministically (only checks non-negative).
import time
class Timer:
    def __enter__(self):
        self.start = time.perf_counter()
        return self
    def __exit__(self, *exc):
        self.elapsed = time.perf_counter() - self.start
        return False
with Timer() as t:
    total = sum(range(10000))
print(total, t.elapsed >= 0, type(t.elapsed).__name__)
