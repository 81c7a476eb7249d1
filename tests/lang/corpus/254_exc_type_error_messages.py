# Checks: TypeError messages for common operand mistakes.
half = 1.0
three = 3
attempts = [lambda: 1 + "a", lambda: "a" + 1, lambda: [1] + (2,), lambda: None * 2,
            lambda: len(5), lambda: "x" * 2.5, lambda: [1, 2][half], lambda: {}[[]],
            lambda: three(), lambda: "abc" < 1, lambda: -"x", lambda: int(None)]
for a in attempts:
    try:
        a()
    except TypeError as e:
        print(e)
