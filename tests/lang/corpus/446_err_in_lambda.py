# Error case: exception raised inside a lambda.
safe_inv = lambda x: 1 / x
print(list(map(safe_inv, [1, 2, 4])))
print(safe_inv(4))
print(list(map(safe_inv, [1, 0])))
