# Error case: exception inside a with block; __exit__ runs, exception propagates.
class Session:
    def __enter__(self):
        print("open session")
        return self
    def __exit__(self, exc_type, exc, tb):
        print("close session,", exc_type.__name__)
        return False
with Session():
    print("working")
    raise RuntimeError("session failed")
