# Checks: AttributeError and NameError messages when caught.
class Box:
    pass
tries = [lambda: (5).foo, lambda: "s".nope, lambda: Box().missing, lambda: None.attr,
         lambda: [].push, lambda: undefined_name_xyz]
for t in tries:
    try:
        t()
    except (AttributeError, NameError) as e:
        print(type(e).__name__, e)
