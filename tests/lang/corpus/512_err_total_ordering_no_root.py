# functools.total_ordering on a class that defines no ordering method: ValueError.
import functools


@functools.total_ordering
class OnlyEq:
    def __eq__(self, other):
        return True


print("unreachable")
