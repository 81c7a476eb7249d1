# Checks: negative indexing and len on strings of varying lengths.
for s in ["a", "ab", "hello", "x" * 50]:
    print(len(s), s[-1], s[-len(s)], s[len(s) // 2])
print("abc"[-0])
word = "python"
print([word[i] for i in range(-1, -len(word) - 1, -1)])
