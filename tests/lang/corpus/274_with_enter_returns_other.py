# Checks: `as` binds whatever __enter__ returns, including None.
class ReturnsNone:
    def __enter__(self):
        pass
    def __exit__(self, *a):
        pass
class ReturnsList:
    def __enter__(self):
        return [1, 2, 3]
    def __exit__(self, *a):
        return None
with ReturnsNone() as x:
    print(x)
with ReturnsList() as (first, *rest):
    print(first, rest)
