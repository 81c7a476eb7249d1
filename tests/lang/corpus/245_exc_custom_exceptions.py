# Checks: custom exception classes with args, str and extra attributes.
class AppError(Exception):
    pass
class ShapeError(AppError):
    def __init__(self, expected, got):
        super().__init__(f"expected {expected}, got {got}")
        self.expected = expected
        self.got = got
try:
    raise ShapeError((2, 3), (3, 2))
except AppError as e:
    print(type(e).__name__, e, e.args, e.expected)
e = AppError("a", 1)
print(str(e), repr(e), e.args)
print(str(AppError()), repr(AppError()), repr(AppError("x")))
print(isinstance(ShapeError(1, 2), Exception))
