# Error case: TypeError 'list' object is not callable.
values = [1, 2, 3]
print(len(values))
print(values[0])
print(values(0))
