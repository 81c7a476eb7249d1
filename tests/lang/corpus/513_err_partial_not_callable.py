# functools.partial of something that is not callable: TypeError.
from functools import partial

print(partial(pow, 2)(10))
p = partial(42, 1)
