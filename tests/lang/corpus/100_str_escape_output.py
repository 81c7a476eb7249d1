# Checks: printing strings containing special characters (raw output, not repr).
print("tab:\t|")
print("quote: \" and '")
print("unicode: \u00e9 \u03c0")
print("backslash: \\n is not a newline")
print("bell-free", "\x41")
print(len("\r\n"), repr("\r\n"))
