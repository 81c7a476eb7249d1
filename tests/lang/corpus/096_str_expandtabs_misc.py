# Checks: expandtabs, str.count with ranges, str multiplication by bool.
print(repr("a\tb\tc".expandtabs(4)))
print(repr("\tx".expandtabs()))
print("mississippi".count("s", 3), "mississippi".count("ss", 0, 5))
print("ab" * True, repr("ab" * False))
print("a-b-c".split("-", maxsplit=1))
print(" a b ".split(None, 1))
