# Error case: exception inside a method called through __call__.
class Scaler:
    def __init__(self, factor):
        self.factor = factor
    def __call__(self, values):
        return [v / self.factor for v in values]
print(Scaler(2)([2, 4]))
print(Scaler(0)([1]))
