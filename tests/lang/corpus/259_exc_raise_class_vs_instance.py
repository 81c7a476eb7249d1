# Checks: raising a class instantiates it; exception args and str.
try:
    raise ValueError
except ValueError as e:
    print(repr(e), repr(str(e)), e.args)
try:
    raise IndexError("with message")
except IndexError as e:
    print(repr(e))
class Custom(Exception):
    def __str__(self):
        return "custom text"
try:
    raise Custom
except Custom as e:
    print(e, repr(e))
