# Error case: NameError for an undefined module-level name after some output.
values = [1, 2, 3]
print("sum", sum(values))
print("count", len(values))
print(undefined_total)
