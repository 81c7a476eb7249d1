# Checks: consuming an iterator with while + next default.
it = iter([3, 1, 4, 1, 5])
total = 0
while (x := next(it, None)) is not None:
    total += x
print(total)
chunks = []
items = list(range(7))
for i in range(0, len(items), 3):
    chunks.append(items[i:i + 3])
print(chunks)
