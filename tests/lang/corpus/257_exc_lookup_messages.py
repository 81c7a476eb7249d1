# Checks: IndexError and KeyError messages across containers.
tries = [lambda: [][0], lambda: (1,)[5], lambda: "ab"[9], lambda: range(3)[3],
         lambda: {"a": 1}["b"], lambda: {1: 2}[(1, 2)], lambda: [].pop(), lambda: {}.popitem(),
         lambda: set().pop()]
for t in tries:
    try:
        t()
    except (IndexError, KeyError) as e:
        print(type(e).__name__, repr(str(e)))
