# Checks: raise ... from sets __cause__; implicit chaining sets __context__.
def parse(text):
    try:
        return int(text)
    except ValueError as e:
        raise RuntimeError(f"bad config value {text!r}") from e
try:
    parse("x1")
except RuntimeError as e:
    print(type(e).__name__, e)
    print(type(e.__cause__).__name__, e.__cause__)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise KeyError("k")
except KeyError as e:
    print(repr(e), type(e.__context__).__name__, e.__cause__)
try:
    raise ValueError("v") from None
except ValueError as e:
    print(e.__cause__, e.__suppress_context__)
