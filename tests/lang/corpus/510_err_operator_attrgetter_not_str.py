# operator.attrgetter with a name that is not a string: TypeError.
from operator import attrgetter, itemgetter

print(attrgetter("real")(5), itemgetter(-1)([1, 2]))
get = attrgetter("imag", 3)
