# Checks: __call__ makes instances callable.
class Linear:
    def __init__(self, w, b):
        self.w, self.b = w, b
        self.calls = 0
    def __call__(self, x):
        self.calls += 1
        return self.w * x + self.b
layer = Linear(2, 1)
print(layer(3), layer(0), layer.calls)
print(callable(layer), callable(Linear))
print(list(map(layer, [1, 2, 3])))
class Adder:
    def __call__(self, *args, **kwargs):
        return sum(args) + sum(kwargs.values())
print(Adder()(1, 2, x=3))
