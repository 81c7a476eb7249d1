# Checks: building a processing pipeline from small functions.
def pipeline(*steps):
    def run(value):
        for step in steps:
            value = step(value)
        return value
    return run
normalize = pipeline(str.strip, str.lower, lambda s: s.replace(" ", "_"))
print(normalize("  Hello World  "))
stats = pipeline(sorted, lambda xs: xs[len(xs) // 2])
print(stats([5, 1, 9, 3, 7]))
print(pipeline()(42))
