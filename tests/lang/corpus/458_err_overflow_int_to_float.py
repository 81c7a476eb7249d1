# Error case: OverflowError int too large to convert to float.
big = 10 ** 400
print(len(str(big)))
print(float(10 ** 300) > 0)
print(float(big))
