# Error case: ValueError math domain error.
import math
for v in [4, 1, -1]:
print(math.sqrt(0))
    print(math.sqrt(v))
