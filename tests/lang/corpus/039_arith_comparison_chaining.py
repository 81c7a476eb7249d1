# Checks: chained comparisons evaluate like and-ed pairs.
x = 5
print(1 < x < 10)
print(1 < x > 3)
print(10 > x >= 5 > 4)
print(1 < 2 < 3 < 2)
print(1 == 1 == 1.0)
print(1 < 3 != 3)
calls = []
def val(n):
    calls.append(n)
    return n
print(val(3) < val(2) < val(1))
print(calls)
calls.clear()
print(val(1) < val(2) < val(3))
print(calls)
