# Looking up an enum by a value no member has: ValueError, uncaught.
from enum import Enum
class Color(Enum):
    RED = 1
    GREEN = 2
print(Color(2))
Color(7)
