# Checks: hash of ints, bools and tuples of ints (deterministic; str hashes are not printed).
print(hash(0), hash(1), hash(-1), hash(42), hash(True), hash(False))
print(hash(2 ** 61 - 1), hash(2 ** 61), hash(-2))
print(hash((1, 2)) == hash((1, 2)), hash(1.0) == hash(1), hash(1.5))
print(hash("abc") == hash("abc"))
try:
    hash([1])
except TypeError as e:
    print(e)
