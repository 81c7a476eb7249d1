# Checks: nonlocal rebinds a variable in the enclosing function.
def make_accumulator():
    total = 0
    def add(x):
        nonlocal total
        total += x
        return total
    return add
acc = make_accumulator()
print(acc(10), acc(5), acc(-3))
def outer():
    x = "outer"
    def middle():
        x = "middle"
        def inner():
            nonlocal x
            x = "changed by inner"
        inner()
        return x
    return middle(), x
print(outer())
