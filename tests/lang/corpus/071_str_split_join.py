# Checks: str.split/rsplit/join in their common forms.
line = "  alpha beta\tgamma\n delta  "
print(line.split())
print("a,b,,c".split(","))
print("a,b,,c".split(",", 1))
print("a,b,c".rsplit(",", 1))
print("one  two".split(" "))
print("".split(), "".split(","))
print("-".join(["x", "y", "z"]))
print("".join(map(str, range(5))))
print(", ".join(sorted(["pear", "apple"])))
print("a\nb\r\nc".splitlines())
print("x".join("abc"))
