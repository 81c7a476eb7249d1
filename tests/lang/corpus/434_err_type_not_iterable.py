# Error case: TypeError 'int' object is not iterable.
count = 5
print("count", count)
for i in count:
    print(i)
