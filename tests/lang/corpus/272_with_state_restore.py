# Checks: context manager that sets and restores global state even on error.
settings = {"precision": 2}
class Override:
    def __init__(self, **changes):
        self.changes = changes
    def __enter__(self):
        self.saved = dict(settings)
        settings.update(self.changes)
    def __exit__(self, *exc):
        settings.clear()
        settings.update(self.saved)
with Override(precision=5):
    print("inside", settings)
print("outside", settings)
try:
    with Override(precision=9, mode="fast"):
        print("inside", settings)
        raise RuntimeError("fail")
except RuntimeError:
    print("restored", settings)
