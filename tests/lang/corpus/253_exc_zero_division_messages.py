# Checks: messages of ZeroDivisionError for different operations.
ops = [lambda: 1 / 0, lambda: 1 // 0, lambda: 1 % 0, lambda: 1.0 / 0, lambda: 1.0 // 0.0,
       lambda: 5 % 0.0, lambda: divmod(1, 0), lambda: 0 ** -1, lambda: 0.0 ** -1]
for op in ops:
    try:
        op()
    except ZeroDivisionError as e:
        print(e)
