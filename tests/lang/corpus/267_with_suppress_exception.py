# Checks: __exit__ returning True suppresses the exception.
class Suppress:
    def __init__(self, *types):
        self.types = types
    def __enter__(self):
        return self
    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None and issubclass(exc_type, self.types):
            print("suppressed", exc_type.__name__, exc)
            return True
        return False
with Suppress(KeyError):
    {}["x"]
    print("not reached")
print("continues")
try:
    with Suppress(KeyError):
        raise ValueError("not suppressed")
except ValueError as e:
    print("propagated:", e)
