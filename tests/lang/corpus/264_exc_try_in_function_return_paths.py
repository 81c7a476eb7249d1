# Checks: return values through try/except/else/finally paths.
def convert(s):
    try:
        n = int(s)
    except ValueError:
        return "invalid"
    else:
        return n * 2
    finally:
        print("converted", repr(s))
print(convert("21"))
print(convert("z"))
