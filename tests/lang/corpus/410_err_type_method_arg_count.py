# Error case: method called with too many arguments (qualified name in message).
class Model:
    def fit(self, data):
        return len(data)
m = Model()
print(m.fit([1, 2]))
m.fit([1], 5)
