# Checks: string methods on non-ASCII text.
s = "Ünïcödé Straße"
print(s.lower(), s.upper())
print(len(s), s[0], s[-1])
print(s.find("ß"), s.split(" "))
print(s[::-1])
print("éa".center(6, "·"))
print("à" < "b", "é" > "e")
