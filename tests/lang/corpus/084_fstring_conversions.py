# Checks: !r, !s, !a conversions in f-strings.
s = "it's"
print(f"{s!r}")
print(f"{s!s}")
print(f"{'café'!a}")
print(f"{[1, 'a']!s}")
print(f"{'x'!r:>6}")
print(f"{3.0!r} {None!r}")
