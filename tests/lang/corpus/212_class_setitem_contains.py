# Checks: __setitem__, __delitem__ and __contains__.
class Registry:
    def __init__(self):
        self._data = {}
    def __setitem__(self, key, value):
        print("set", key)
        self._data[key.lower()] = value
    def __getitem__(self, key):
        return self._data[key.lower()]
    def __delitem__(self, key):
        del self._data[key.lower()]
    def __contains__(self, key):
        return key.lower() in self._data
r = Registry()
r["Relu"] = 1
r["TANH"] = 2
print(r["relu"], "tanh" in r, "gelu" in r)
del r["RELU"]
print("relu" in r)
