# functools.lru_cache with a maxsize that is neither an int, a callable nor None: TypeError.
import functools


@functools.lru_cache(maxsize="10")
def f(x):
    return x


print("unreachable")
