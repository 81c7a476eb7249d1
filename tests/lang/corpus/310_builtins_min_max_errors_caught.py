# Checks: error messages of min/max/sum on bad input (caught).
tries = [lambda: max([]), lambda: min(1), lambda: sum(["a", "b"]), lambda: max(1, "a")]
for t in tries:
    try:
        t()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(sum([[1], [2]], []))
