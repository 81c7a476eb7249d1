# Checks: handling errors per item and continuing the loop.
raw = ["1", "2.5", "x", "4", "", "-7"]
parsed = []
errors = []
for item in raw:
    try:
        parsed.append(int(item))
    except ValueError as e:
        errors.append(str(e))
        continue
    finally:
        pass
print(parsed)
for e in errors:
    print(e)
