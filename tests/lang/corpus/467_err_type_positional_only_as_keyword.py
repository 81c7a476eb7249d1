# Error case: positional-only argument passed by keyword.
def clip(value, /, lo=0, hi=1):
    return max(lo, min(hi, value))
print(clip(5))
clip(value=0.5)
