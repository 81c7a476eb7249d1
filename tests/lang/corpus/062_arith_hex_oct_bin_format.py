# Checks: converting numbers to and from base strings.
for n in [0, 1, 10, 255, 4096, -17]:
    print(n, bin(n), oct(n), hex(n))
print(format(255, 'x'), format(255, 'X'), format(255, '#x'), format(255, '08b'))
print(f"{10:o} {10:#o} {10:b} {10:#b}")
print(int(bin(77), 2), int(hex(77), 16), int(oct(77), 8))
