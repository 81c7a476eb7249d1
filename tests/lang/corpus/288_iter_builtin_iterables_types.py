# Checks: types of iterator objects produced by builtins.
print(type(iter([])).__name__, type(iter(())).__name__, type(iter([1])) is type(iter([])))
print(type(iter(range(1))).__name__, type(iter({})).__name__, type(iter(set())).__name__)
print(type(enumerate([])).__name__, type(zip()).__name__, type(map(abs, [])).__name__)
print(type(filter(None, [])).__name__, type(reversed([])).__name__)
print(type({}.keys()).__name__, type({}.values()).__name__, type({}.items()).__name__)
