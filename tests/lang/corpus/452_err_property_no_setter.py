# Error case: assigning to a read-only property.
class Tensor:
    def __init__(self, shape):
        self._shape = shape
    @property
    def shape(self):
        return self._shape
t = Tensor((2, 3))
print(t.shape)
t.shape = (3, 2)
