# Error case: AttributeError on None returned by a function.
def find(items, target):
    for item in items:
        if item == target:
            return item
result = find(["a"], "b")
print(result)
result.upper()
