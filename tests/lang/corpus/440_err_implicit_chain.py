# Error case: exception raised while handling another (implicit chaining).
data = {}
try:
    data["x"]
except KeyError:
    print("handling KeyError")
    raise LookupError("could not recover")
