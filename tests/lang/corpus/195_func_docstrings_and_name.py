# Checks: __name__ and __doc__ of functions and lambdas.
def documented(x):
    """Return x doubled."""
    return 2 * x
def undocumented():
    return 1
print(documented.__name__, documented.__doc__)
print(undocumented.__doc__)
lam = lambda: 0
print(lam.__name__)
def outer():
    def inner():
        pass
    return inner
print(outer().__name__, outer().__qualname__)
