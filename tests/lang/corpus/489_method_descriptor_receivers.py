# feature: builtin methods called through their type
# Checks: str.lower etc. as functions (map), and the TypeError when the receiver has the wrong type.
words = ["Alpha", "BETA"]
print(list(map(str.lower, words)), list(map(str.upper, words)))
print(list.__len__([1, 2, 3]), dict.get({"a": 1}, "a"), int.bit_length(255))
for call in (lambda: str.lower(True), lambda: str.upper(5), lambda: list.append((1,), 2),
             lambda: dict.keys([1]), lambda: str.upper()):
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)
