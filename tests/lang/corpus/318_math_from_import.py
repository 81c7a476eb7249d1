# Checks: `from math import ...` and `import math as m` forms.
from math import sqrt, pi as PI, floor
import math as m
print(sqrt(81), PI, floor(PI))
print(m.ceil(PI), m is not None)
from math import *
print(cos(0), e)
import math
print(math.sqrt is sqrt)
