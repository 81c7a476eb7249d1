# Error case: 'tuple' object does not support item assignment.
shape = (1, 2)
print(shape)
print(shape[0] * shape[1])
shape[0] = 3
