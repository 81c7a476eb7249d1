# Checks: NotImplementedError as an abstract-method pattern.
class Layer:
    def forward(self, x):
        raise NotImplementedError(f"{type(self).__name__}.forward")
    def __call__(self, x):
        return self.forward(x)
class Scale(Layer):
    def __init__(self, k):
        self.k = k
    def forward(self, x):
        return [self.k * v for v in x]
print(Scale(3)([1, 2]))
try:
    Layer()([1])
except NotImplementedError as e:
    print("NotImplementedError:", e)
