# Error case: raising an exception class without a message.
def validate(v):
    if v < 0:
        raise ValueError
    return v
print(validate(1))
validate(-1)
