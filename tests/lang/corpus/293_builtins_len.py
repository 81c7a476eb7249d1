# Checks: len of builtin containers and user objects.
class Sized:
    def __len__(self):
        return 7
print(len("hello"), len([1, 2]), len((1,)), len({"a": 1}), len({1, 2, 3}))
print(len(range(0, 100, 7)), len(b"bytes"), len(""), len("é"))
print(len(Sized()))
print(len([[1, 2], [3]]), len({"k": [1, 2, 3]}["k"]))
