# Checks: string slicing with positive/negative indices and steps.
s = "abcdefghij"
print(s[2:5], s[:3], s[7:], s[-3:], s[:-3])
print(s[::2], s[1::2], s[::-1], s[::-3])
print(s[8:2:-2], s[-1:-5:-1])
print(s[100:], repr(s[5:2]), s[-100:2])
print(s[0], s[-1], s[len(s) - 1])
print(s[:], s[:] == s)
print(s[3:3] == "")
