# Checks: multiple context managers in one with statement exit in reverse order.
class CM:
    def __init__(self, tag):
        self.tag = tag
    def __enter__(self):
        print("enter", self.tag)
        return self.tag
    def __exit__(self, *exc):
        print("exit", self.tag)
with CM("a") as a, CM("b") as b, CM("c"):
    print("body", a, b)
with CM("outer"):
    with CM("inner"):
        print("nested body")
