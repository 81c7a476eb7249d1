# Checks: upper/lower/title/capitalize/swapcase/casefold.
s = "hello World of PYTHON"
print(s.upper())
print(s.lower())
print(s.title())
print(s.capitalize())
print(s.swapcase())
print("ß".upper(), "Straße".casefold())
print("they're bill's".title())
print("123abc".capitalize())
