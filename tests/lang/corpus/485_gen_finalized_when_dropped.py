# feature: generators, reference cycles
# Checks: a suspended generator that is dropped is closed (its finally block and with-exit run
# at once), GeneratorExit can be caught, and one left suspended at exit is closed at shutdown.
class Res:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print("enter", self.name)
        return self
    def __exit__(self, *exc):
        print("exit", self.name, exc[0].__name__ if exc[0] else None)
        return False

def numbers():
    try:
        for i in range(10):
            yield i
    finally:
        print("numbers: finally")

for n in numbers():
    if n == 2:
        break
print("after break")

def guarded():
    with Res("r1"):
        yield 1
        yield 2

g = guarded()
print(next(g))
g = None
print("after drop")

def catcher():
    try:
        yield "a"
    except GeneratorExit:
        print("caught GeneratorExit")
        raise

c = catcher()
print(next(c))
del c
print("after del")

def pending():
    try:
        yield "p"
    finally:
        print("pending: closed at exit")

keep = pending()
print(next(keep))
print("end of script")
