# Error case: NameError raised inside a function call chain.
def compute(n):
    return n * scale_factor_missing
def run():
    print("running")
    return compute(3)
run()
