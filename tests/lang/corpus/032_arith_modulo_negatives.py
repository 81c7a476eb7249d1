# Checks: modulo takes the sign of the divisor.
pairs = [(7, 3), (-7, 3), (7, -3), (-7, -3), (0, 5), (5, 5)]
for a, b in pairs:
    print(f"{a} % {b} = {a % b}")
print(7.5 % 2, -7.5 % 2, 7.5 % -2)
print(-1 % 10 ** 20)
print(5.0 % 3, -0.0 % 5)
print(-6 % 3)
print(1e-20 % 1.0)
