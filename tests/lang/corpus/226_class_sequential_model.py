# Checks: a small "Sequential" container of callable layers (TF-like usage).
class Dense:
    def __init__(self, w, b):
        self.w, self.b = w, b
    def __call__(self, xs):
        return [sum(wi * x for wi, x in zip(row, xs)) + bi for row, bi in zip(self.w, self.b)]
class ReLU:
    def __call__(self, xs):
        return [x if x > 0 else 0.0 for x in xs]
class Sequential:
    def __init__(self, layers):
        self.layers = list(layers)
    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x
    def __len__(self):
        return len(self.layers)
model = Sequential([Dense([[1, -1], [0.5, 2]], [0, -1]), ReLU(), Dense([[1, 1]], [0.25])])
print(len(model), model([1.0, 2.0]), model([3.0, -1.0]))
