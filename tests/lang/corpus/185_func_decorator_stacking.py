# Checks: stacked decorators apply bottom-up.
def tag(name):
    def deco(func):
        def wrapper():
            return f"<{name}>{func()}</{name}>"
        return wrapper
    return deco
@tag("b")
@tag("i")
def text():
    return "hi"
print(text())
order = []
def mark(label):
    order.append("define " + label)
    def deco(f):
        order.append("apply " + label)
        return f
    return deco
@mark("outer")
@mark("inner")
def f():
    pass
print(order)
