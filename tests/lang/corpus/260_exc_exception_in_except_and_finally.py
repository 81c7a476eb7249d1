# Checks: exceptions raised inside except or finally replace the original.
def f():
    try:
        raise ValueError("original")
    except ValueError:
        raise TypeError("from handler")
def g():
    try:
        raise ValueError("original")
    finally:
        raise KeyError("from finally")
for func in (f, g):
    try:
        func()
    except Exception as e:
        print(type(e).__name__, e, "| context:", type(e.__context__).__name__)
