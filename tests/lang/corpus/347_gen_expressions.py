# feature: generators
# Checks: generator expressions are lazy and single-use.
squares = (x * x for x in range(5))
print(type(squares).__name__)
print(next(squares), next(squares))
print(list(squares), list(squares))
print(sum(x for x in range(101) if x % 2 == 0))
print(max(len(w) for w in ["a", "abc", "ab"]))
evaluated = []
lazy = (evaluated.append(i) or i for i in range(3))
print(evaluated)
print(list(lazy), evaluated)
