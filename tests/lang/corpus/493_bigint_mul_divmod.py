# Big int multiplication (Karatsuba sizes), division and powers agree with CPython.
a = 7 ** 30000
b = 3 ** 20011 + 12345
c = a * b
print(c % (10 ** 9 + 7), c.bit_length(), hex(c)[-24:])
q, r = divmod(c + 999, b)
print(q == a, r == 999)
q, r = divmod(a, b)
print(q * b + r == a, 0 <= r < b, q % 1000003, r % 999999937)
print((-a) // b % 1000003, (-a) % b % 999999937, a // -b % 1000003)
d = (2 ** 100000 - 1) * (2 ** 99991 + 1)
print(d % 1000000007, d.bit_length(), d // (2 ** 99991 + 1) == 2 ** 100000 - 1)
x = 3
for _ in range(15):
    x = x * x
print(x.bit_length(), x % 1000000007, hex(x)[-16:])
print(pow(12345, 6789) % 99991, (12345 ** 678) // (12345 ** 600) == 12345 ** 78)
s = 1
for k in range(1, 3000):
    s *= k
print(s % (10 ** 9 + 9), s.bit_length(), (s // 2 ** 2990) % 1000)
m = (1 << 5000) - 1
print((m * m) % 65537, (m * m) // m == m, (m * (m + 2)) % 7)
print(int("9" * 4000) * int("8" * 3000) % 1000000007, (int("9" * 4000) // int("8" * 300)) % 1000000007)
