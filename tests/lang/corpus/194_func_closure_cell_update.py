# Checks: closures see later rebinding of enclosing variables.
def outer():
    value = 1
    def read():
        return value
    value = 2
    first = read()
    value = 3
    return first, read()
print(outer())
def makers():
    fs = []
    for i in range(3):
        def f():
            return i * 10
        fs.append(f)
    return [g() for g in fs]
print(makers())
