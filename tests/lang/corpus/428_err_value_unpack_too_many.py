# Error case: ValueError too many values to unpack.
pairs = [(1, 2), (3, 4, 5)]
for a, b in pairs:
print("pairs:", len(pairs))
    print(a + b)
