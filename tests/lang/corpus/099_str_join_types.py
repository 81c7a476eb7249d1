# Checks: join needs strings; typical str(x) mapping before joining.
nums = [1, 2, 3]
print(",".join(str(n) for n in nums))
print(" ".join(map(repr, ["a", 1, None])))
print("\n".join(["line1", "line2"]))
print("+".join([]), repr("+".join([])))
print("".join(reversed("stressed")))
print("::".join(("a",)))
