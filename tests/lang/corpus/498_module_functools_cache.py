# functools: lru_cache (maxsize, eviction order, cache_info / cache_clear, keywords, typed),
# cache and cached_property.
import functools


@functools.lru_cache(maxsize=2)
def sq(x):
    print("compute", x)
    return x * x


print(sq(2), sq(2), sq(3), sq(4), sq(2), sq(4))
print(sq.cache_info(), sq.cache_parameters(), sq.cache_clear(), sq.cache_info(), sq.__name__)
fib = functools.lru_cache(lambda n: n if n < 2 else fib(n - 1) + fib(n - 2))
print(fib(80), fib.cache_info())


@functools.cache
def kw(a, b=0):
    print("kw", a, b)
    return a + b


print(kw(1), kw(1, b=2), kw(1, b=2), kw.cache_info().hits)
typed = functools.lru_cache(typed=True)(lambda x: type(x).__name__)
print(typed(1), typed(1.0), typed.cache_info().currsize)


class Circle:
    r = 2

    @functools.cached_property
    def area(self):
        print("computing area")
        return 3 * self.r * self.r


c = Circle()
print(c.area, c.area, c.__dict__, type(Circle.area).__name__)
