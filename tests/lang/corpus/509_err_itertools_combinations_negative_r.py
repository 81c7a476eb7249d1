# itertools.combinations with a negative r: ValueError.
from itertools import combinations

print(list(combinations("abc", 2)))
n = -1
print(list(combinations("abc", n)))
