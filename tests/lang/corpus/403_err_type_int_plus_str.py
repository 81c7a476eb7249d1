# Error case: TypeError unsupported operand type(s) for +: 'int' and 'str'.
count = 3
label = "items"
print("about to add")
total = count + label
