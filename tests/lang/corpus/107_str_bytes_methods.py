# Checks: common bytes methods mirror str.
b = b"  Hello, Bytes  "
print(b.strip(), b.lower(), b.upper())
print(b.strip().split(b", "))
print(b"-".join([b"a", b"b"]))
print(b.find(b"Bytes"), b.count(b"l"))
print(b"abc".startswith(b"ab"), b"abc".replace(b"b", b"B"))
print(b"x" in b"xyz", 120 in b"xyz")
print(bytearray(b"ab") + b"c")
print(b"abc".hex())
