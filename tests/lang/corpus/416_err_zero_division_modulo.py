# Error case: ZeroDivisionError integer modulo by zero.
def is_multiple(a, b):
    return a % b == 0
print(is_multiple(10, 5))
print(is_multiple(10, 0))
