# Checks: dict equality ignores order; nested containers compare deeply.
a = {"x": 1, "y": [1, 2]}
b = {"y": [1, 2], "x": 1}
print(a == b, list(a) == list(b))
print({1: {2: 3}} == {1: {2: 3}})
print({} == {}, {"a": 1} != {"a": 1.0})
print({"k": {1, 2}} == {"k": {2, 1}})
print([{"a": 1}] == [{"a": 1}])
