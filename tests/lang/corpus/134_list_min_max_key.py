# Checks: min/max with key and default on containers.
people = [("ann", 31), ("bob", 25), ("cid", 31)]
print(max(people, key=lambda p: p[1]))
print(min(people, key=lambda p: p[1]))
print(max([], default="none"), min([], default=0))
print(max("apple", "fig", "banana", key=len))
print(min([3, -4, 2], key=abs))
print(max({"a": 3, "b": 5}.items(), key=lambda kv: kv[1]))
print(max([[1, 2], [1, 3], [0, 9]]))
