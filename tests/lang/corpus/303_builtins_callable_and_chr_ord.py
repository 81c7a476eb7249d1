# Checks: callable(), chr/ord ranges, divmod and pow builtins.
print(callable(len), callable(lambda: 0), callable("x"), callable(int))
print(chr(0x41), ord("\n"), [chr(c) for c in range(97, 102)])
print(divmod(-9, 4), pow(2, 8), pow(2, 0.5), pow(5, -1))
print(pow(10, 20, 7), pow(2, 3) == 2 ** 3)
