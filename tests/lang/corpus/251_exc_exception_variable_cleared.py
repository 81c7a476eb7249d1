# Checks: the `as` name is unbound after the except block.
try:
    raise ValueError("temp")
except ValueError as err:
    msg = str(err)
print(msg)
try:
    print(err)
except NameError as e:
    print("NameError:", e)
