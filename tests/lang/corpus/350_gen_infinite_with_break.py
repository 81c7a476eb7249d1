# feature: generators
# Checks: infinite generators consumed partially.
def naturals():
    n = 0
    while True:
        yield n
        n += 1
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
out = []
for n in naturals():
    if n >= 5:
        break
    out.append(n)
print(out)
f = fib()
print([next(f) for _ in range(12)])
print(next(x for x in naturals() if x * x > 50))
