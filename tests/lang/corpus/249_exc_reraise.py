# Checks: bare raise re-raises the current exception; raise inside except.
def inner():
    try:
        {}["missing"]
    except KeyError:
        print("logging and re-raising")
        raise
try:
    inner()
except KeyError as e:
    print("outer caught", repr(e))
try:
    try:
        raise ValueError("first")
    except ValueError as err:
        raise TypeError("second") from err
except TypeError as e:
    print(e, "caused by", e.__cause__)
