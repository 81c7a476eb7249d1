# Reassigning an enum member on its class: AttributeError from the enum's metaclass, uncaught.
from enum import Enum
class Color(Enum):
    RED = 1
print(Color.RED, list(Color))
Color.RED = 2
