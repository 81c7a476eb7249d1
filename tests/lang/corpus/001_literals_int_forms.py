# Checks: integer literal forms (decimal, hex, octal, binary, underscores) and their repr.
values = [0, 7, -42, 0x1F, 0o17, 0b1011, 1_000_000, 0xFF_FF, -0b1]
for v in values:
    print(v, repr(v), str(v))
print(0x10 + 0o10 + 0b10)
print(type(0x1F))
print(1_0 * 2)
