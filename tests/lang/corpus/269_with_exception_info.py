# Checks: __exit__ receives type, value and traceback of the exception.
class Inspect:
    def __enter__(self):
        return self
    def __exit__(self, exc_type, exc, tb):
        print("type:", exc_type.__name__ if exc_type else None)
        print("value:", repr(exc))
        print("has tb:", tb is not None)
        return True
with Inspect():
    raise IndexError("oops")
with Inspect():
    pass
