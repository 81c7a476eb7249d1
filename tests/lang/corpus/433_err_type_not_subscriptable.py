# Error case: TypeError 'NoneType' object is not subscriptable.
def load():
    print("loading")
data = load()
print(data[0])
