# Error case: IndexError list assignment index out of range.
weights = [0.0] * 3
weights[2] = 1.0
print(weights)
weights[3] = 2.0
