# Checks: encode/decode round-trips for UTF-8 and ASCII.
s = "naïve ☃"
b = s.encode("utf-8")
print(b, len(b))
print(b.decode("utf-8") == s)
print("abc".encode("ascii"))
print(bytes("hi", "utf-8"))
print(b"\xe2\x98\x83".decode())
print(list("é".encode()))
