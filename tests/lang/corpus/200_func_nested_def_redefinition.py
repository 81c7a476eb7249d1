# Checks: redefining functions rebinds the name; conditionally defined functions.
def f():
    return "first"
print(f())
def f():
    return "second"
print(f())
if True:
    def g():
        return "true branch"
else:
    def g():
        return "false branch"
print(g())
