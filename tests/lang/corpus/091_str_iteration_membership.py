# Checks: iterating characters, membership, enumerate on strings.
word = "banana"
for ch in word[:3]:
    print(ch)
print([c for c in word if c != "a"])
print("nan" in word, "band" in word)
for i, ch in enumerate("xyz"):
    print(i, ch)
print(list("hey"), tuple("hi"))
print(sorted("banana"))
print(max("banana"), min("banana"))
