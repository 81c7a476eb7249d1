# Error case: can't multiply sequence by non-int of type 'float'.
row = [0] * 3
print(row)
scale = 1.5
print(row * scale)
