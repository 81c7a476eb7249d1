# Checks: comparisons between large ints and floats are exact.
big = 2 ** 53
print(big + 1 > float(big))
print(float(big + 1) == big)
print(10 ** 16 + 1 == 1e16)
print(10 ** 16 + 1 > 1e16)
print(2 ** 1000 > 1e308)
print(2 ** 1000 < float('inf'))
print(-(2 ** 1000) < -1e308)
print(0.1 == 1 / 10, 0.1 > 1 / 10)
