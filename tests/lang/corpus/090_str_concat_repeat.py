# Checks: string concatenation, repetition and augmented assignment.
s = "ab"
print(s + "cd", s * 3, 3 * s, s * 0, repr(s * -1))
acc = ""
for i in range(5):
    acc += str(i)
print(acc)
parts = []
for word in ["x", "y", "z"]:
    parts.append(word * 2)
print("".join(parts))
print("-" * 20)
