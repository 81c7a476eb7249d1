# Checks: decorator factories (decorators with arguments).
def repeat(times):
    def decorator(func):
        def wrapper(*args, **kwargs):
            return [func(*args, **kwargs) for _ in range(times)]
        return wrapper
    return decorator
@repeat(3)
def ping(tag="x"):
    return "ping-" + tag
print(ping())
print(ping(tag="y"))
def prefix(p):
    return lambda f: lambda *a: p + str(f(*a))
@prefix(">> ")
def double(n):
    return n * 2
print(double(21))
