# Checks: a decorator without arguments wraps a function.
def shout(func):
    def wrapper(*args, **kwargs):
        result = func(*args, **kwargs)
        return result.upper() + "!"
    return wrapper
@shout
def greet(name):
    return "hello " + name
print(greet("ann"))
def log_calls(func):
    def wrapper(*args):
        print("calling", func.__name__, args)
        return func(*args)
    return wrapper
@log_calls
def add(a, b):
    return a + b
print(add(2, 3))
print(add.__name__)
