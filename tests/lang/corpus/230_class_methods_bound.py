# Checks: bound methods as values, calling methods via the class.
class Greeter:
    def __init__(self, name):
        self.name = name
    def hello(self, other):
        return f"{self.name} greets {other}"
g = Greeter("ann")
m = g.hello
print(m("bob"))
print(Greeter.hello(g, "cid"))
print([Greeter(n).hello("x") for n in "ab"])
print(m.__self__ is g, m.__name__)
print(list(map(g.hello, ["d", "e"])))
