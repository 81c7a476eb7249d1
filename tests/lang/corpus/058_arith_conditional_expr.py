# Checks: conditional expressions and nesting.
def sign(x):
    return 'pos' if x > 0 else 'neg' if x < 0 else 'zero'
print([sign(v) for v in (-2, 0, 3)])
x = 7
parity = 'even' if x % 2 == 0 else 'odd'
print(parity)
print((1 if True else 2) + (3 if False else 4))
print(['a' if i % 3 == 0 else i for i in range(7)])
