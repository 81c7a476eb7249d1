# complex arithmetic, mixed with int, float and bool, as CPython computes it
a, b = 1 + 2j, 3 - 4j
print(a + b, a - b, a * b, a / b, -a, +a, abs(b), abs(-3j))
print(a + 1, 1 + a, a - 1.5, 1.5 - a, a * 2, 2 * a, a / 2, 2 / a, a + True, True * a)
print(a ** 2, a ** 0, a ** -1, a ** 0.5, 2 ** a, 1j ** 2, (1j) ** 1j, 0j ** 0, a ** b)
x = 2j
x += 1
x *= 1j
x -= 0.5
x /= 2
print(x)
print(a == 1 + 2j, a != b, a == 1, 1j * 1j == -1, complex(2) == 2, complex(2) == 2.0, 2 == complex(2), 1j == None)
print(hash(1j), hash(1 + 2j), hash(complex(3)) == hash(3), hash(complex(1.5)) == hash(1.5), hash(-1 + 0j))
print(bool(0j), bool(1j), bool(complex(0, 0.0)), bool(-0j))
print(sum([1j, 2, 3.5 + 1j]), sum([1j, 2j], 1j), [x * 1j for x in range(3)])
print((1e308 + 1e308j) * 2, complex(1e308, 1e308) / complex(1e-308, 1e-308))
for f in [lambda: a < b, lambda: a // 2, lambda: a % 2, lambda: divmod(a, 2), lambda: int(a), lambda: float(a),
          lambda: round(a), lambda: a > 1, lambda: 1 / 0j, lambda: 0j ** -1, lambda: a + "s", lambda: sorted([1j, 2j])]:
    try:
        print(f())
    except (TypeError, ZeroDivisionError) as e:
        print(type(e).__name__, e)
print(complex(1, 2).__add__(1), (1j).__radd__(2), complex.__mul__(1j, 1j), (1j).__eq__(1j), (1j).__eq__("x"))
print(format(1 + 2j), "{}".format(1.5j), "{:.2f}".format(1 + 2j), "{:>12}".format(1j), "{:g}".format(1e10 + 2j))
print(getattr(1j, "real"), getattr(2 + 1j, "imag"))
try:
    (1j).real = 3
except AttributeError as e:
    print("AttributeError", e)
import math
print(math.isclose(abs(3 + 4j), 5.0), math.sqrt(abs(1j)))
