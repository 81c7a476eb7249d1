# itertools.islice with a negative stop: ValueError with CPython's message.
from itertools import islice, count

print(list(islice(count(), 3)))
print(list(islice("abcdef", 1, None, 2)))
print(list(islice("abc", -1)))
