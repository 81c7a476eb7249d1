# Error case: uncaught custom exception with a message.
class ShapeError(Exception):
    pass
def check(shape):
    if len(shape) != 2:
        raise ShapeError(f"expected rank 2, got shape {shape}")
    return shape
print(check((3, 4)))
check((1, 2, 3))
