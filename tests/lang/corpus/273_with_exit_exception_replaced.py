# Checks: exception raised inside __exit__ replaces the body's exception.
class Bad:
    def __enter__(self):
        return self
    def __exit__(self, exc_type, exc, tb):
        raise RuntimeError(f"exit failed while handling {exc_type.__name__}")
try:
    with Bad():
        raise ValueError("body")
except RuntimeError as e:
    print(e, "| context:", repr(e.__context__))
