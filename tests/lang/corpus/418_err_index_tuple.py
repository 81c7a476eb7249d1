# Error case: IndexError tuple index out of range.
shape = (28, 28)
print(shape[0], shape[1])
print("rank", len(shape))
channels = shape[2]
