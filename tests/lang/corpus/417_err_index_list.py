# Error case: IndexError list index out of range.
layers = ["input", "hidden", "output"]
for i in range(4):
print("layers:", len(layers))
    print(i, layers[i])
