# Checks: __enter__/__exit__ call order and the `as` value.
class Resource:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print("enter", self.name)
        return self.name.upper()
    def __exit__(self, exc_type, exc, tb):
        print("exit", self.name, exc_type)
        return False
with Resource("db") as handle:
    print("using", handle)
print("after with")
with Resource("noas"):
    print("body without as")
