# Error case: KeyError raised from a user __getitem__.
class Registry:
    def __init__(self):
        self.items = {"relu": 1}
    def __getitem__(self, name):
        return self.items[name]
reg = Registry()
print(reg["relu"])
print(reg["swish"])
