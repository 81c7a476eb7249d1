# complex literals, constructor forms and their reprs
vals = [1j, 2J, 1.5j, 1e3j, 0j, -0j, 1 + 2j, 1 - 2j, -1 - 2j, 3.25 + 0j, 0.1 + 0.2j, 1e20 + 1e-20j,
        complex(), complex(1), complex(1.5, -2), complex(-0.0, 0.0), complex(0.0, -0.0),
        complex(True, False), complex("1+2j"), complex(" 3-4J "), complex("j"), complex("-j"),
        complex("2.5"), complex("1e2j"), complex("(1+1j)"), complex(1j, 1j), complex(2, 1j),
        complex(float("inf"), float("nan")), complex(-float("inf"), -1), 1e400j, 10 ** 20 + 0j]
for v in vals:
    print(repr(v), str(v), type(v).__name__, v.real, v.imag)
print([1j, 2 + 3j], (1j,), {1j: 2})
print(f"{1+2j}", "%s" % (3 - 1j), str(-1j), repr(-(1j)))
print(1j.conjugate(), (3 - 4j).conjugate(), complex.conjugate(2j))
print(isinstance(1j, complex), isinstance(1, complex), issubclass(complex, object), type(1j) is complex)
print(complex.__name__, repr(complex))
for bad in ["", "1+", "j1", "1+2", "1 + 2j", "abc", "1+2jj", "(1+2j"]:
    try:
        complex(bad)
    except ValueError as e:
        print("ValueError", e)
for bad in [(None,), ("1", 2), ([],)]:
    try:
        complex(*bad)
    except TypeError as e:
        print("TypeError", e)
