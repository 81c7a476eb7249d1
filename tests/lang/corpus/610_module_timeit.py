# timeit with callables: the loop count, setup once per timeit(), two timer reads around the
# loop, repeat, autorange's 1-2-5 steps and callback, and the argument errors. A fake timer
# makes every number deterministic.
import timeit


class FakeTimer:
    def __init__(self, step):
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self):
        self.reads += 1
        self.now += self.step
        return self.now


calls = []
clock = FakeTimer(0.25)
t = timeit.Timer(stmt=lambda: calls.append('stmt'), setup=lambda: calls.append('setup'), timer=clock)
print(t.timeit(3), calls, clock.reads)
calls.clear()
print(t.repeat(repeat=2, number=2), calls.count('setup'), calls.count('stmt'), clock.reads)
print(t.timeit(0), t.repeat(0))
steps = []
clock2 = FakeTimer(0.0)


def tick():
    clock2.now += 0.01


t2 = timeit.Timer(tick, timer=clock2)
print(t2.autorange(lambda n, dt: steps.append((n, round(dt, 6)))))
print(steps)
print(timeit.timeit(lambda: None, number=5, timer=FakeTimer(1.5)))
print(timeit.repeat(lambda: None, repeat=3, number=1, timer=FakeTimer(2.0)))
print(timeit.timeit(number=10, timer=FakeTimer(0.5)), timeit.Timer().timeit(number=7) >= 0)
print(timeit.timeit(stmt='pass', setup='pass', number=3, timer=FakeTimer(1.0)))
real = timeit.timeit(lambda: sum(range(10)), number=100)
print(type(real).__name__, real >= 0, timeit.default_timer() <= timeit.default_timer())
print(timeit.default_number, timeit.default_repeat, callable(timeit.default_timer))
print(isinstance(timeit.repeat(lambda: 1, repeat=2, number=3), list))
counter = [0]


def setup():
    counter[0] = 100


def stmt():
    counter[0] += 1


timeit.timeit(stmt, setup, number=5)
print(counter)
for bad in [dict(stmt=3), dict(setup=4), dict(stmt=None)]:
    try:
        timeit.Timer(**bad)
    except ValueError as e:
        print('ValueError', e)
try:
    timeit.Timer(lambda: 1 / 0).timeit(2)
except ZeroDivisionError as e:
    print('ZeroDivisionError', e)
