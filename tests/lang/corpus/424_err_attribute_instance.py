# Error case: AttributeError on a user class instance.
class Layer:
    def __init__(self):
        self.units = 3
layer = Layer()
print(layer.units)
print(layer.activation_fn)
