# Checks: decorators keeping state via closures and function attributes.
def counted(func):
    def wrapper(*args):
        wrapper.calls += 1
        return func(*args)
    wrapper.calls = 0
    return wrapper
@counted
def square(x):
    return x * x
for i in range(4):
    square(i)
print(square.calls)
def memo(func):
    cache = {}
    def wrapper(n):
        if n not in cache:
            cache[n] = func(n)
        return cache[n]
    return wrapper
@memo
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(90))
