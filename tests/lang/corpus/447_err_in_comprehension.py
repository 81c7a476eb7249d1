# Error case: exception raised inside a list comprehension.
lengths = {"a": 1, "b": 2}
keys = ["a", "b", "c"]
print([lengths[k] for k in keys[:2]])
print([lengths[k] for k in keys])
