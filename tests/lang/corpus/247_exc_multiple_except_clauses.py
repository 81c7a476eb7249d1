# Checks: except with tuples of types and order of matching.
def risky(kind):
    if kind == 0:
        return [][1]
    if kind == 1:
        return {}["k"]
    if kind == 2:
        return int("x")
    if kind == 3:
        return None + 1
    return "fine"
for k in range(5):
    try:
        print(risky(k))
    except (IndexError, KeyError) as e:
        print("lookup", type(e).__name__)
    except ValueError as e:
        print("value", e)
    except Exception as e:
        print("other", type(e).__name__, e)
