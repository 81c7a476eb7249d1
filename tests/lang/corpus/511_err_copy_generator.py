# copy.deepcopy of a generator: TypeError "cannot pickle 'generator' object".
import copy

print(copy.deepcopy({"a": [1, (2, 3)]}))


def gen():
    yield 1


print(copy.deepcopy([gen()]))
