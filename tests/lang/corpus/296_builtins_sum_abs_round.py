# Checks: sum with start, abs, round with ndigits including negative.
print(sum([1, 2, 3]), sum([1, 2, 3], 100), sum(range(10), -45))
print(sum([0.5, 0.25]), sum([], 0.0))
print(abs(-3), abs(3.5), abs(-0.0), abs(True))
print(round(2.5), round(3.5), round(-2.5), round(0.5))
print(round(2.675, 2), round(2.665, 2), round(1.45, 1), round(1.55, 1))
print(round(12345, -2), round(12355, -1), round(-12355, -1))
print(round(5.5), round(6.5), round(1e20), round(123.456, 1))
