# Error case: ZeroDivisionError float division by zero.
x = 1.5
y = 0.0
print(x + y)
print(x / y)
