# Checks: inner manager suppresses so outer sees no exception.
class Log:
    def __init__(self, name, suppress=False):
        self.name, self.suppress = name, suppress
    def __enter__(self):
        return self
    def __exit__(self, et, ev, tb):
        print(self.name, "sees", et.__name__ if et else "nothing")
        return self.suppress
with Log("outer"):
    with Log("inner", suppress=True):
        raise ZeroDivisionError
    print("between")
print("end")
