# Checks: str/int round trips including huge numbers and signs.
for text in ['0', '-0', '+17', '  42  ', '1_000', '000123', '-99999999999999999999']:
    print(repr(text), int(text))
n = 12345678901234567890123
print(str(n), len(str(n)))
print(int(str(n)) == n)
print(str(-n))
print(hex(255), oct(8), bin(5))
print(hex(-255), bin(-5))
print(hex(2 ** 70))
