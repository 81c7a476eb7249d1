# Checks: string methods return new strings, original unchanged.
s = "Keep Me"
t = s.upper()
u = s.replace("Keep", "Lose")
print(s, t, u)
print(s is not t)
x = "abc"
y = x
x += "d"
print(x, y)
