# Checks: float() parsing of various strings.
for text in ['1', '1.5', '-2.25', '  3.0  ', '1e5', '1E-3', '.5', '5.', 'inf', '-inf', 'nan', '1_000.5']:
    print(repr(text), float(text))
print(float(10 ** 20))
print(float(2 ** 53 + 1))
print(int(3.99), int(-3.99))
print(int(1e20))
print(int(-0.0))
