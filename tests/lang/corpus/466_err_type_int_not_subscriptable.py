# Error case: TypeError 'int' object is not subscriptable.
batch = 32
print(batch)
print(batch * 2)
print(batch[0])
