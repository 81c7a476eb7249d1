# Error case: IndentationError unexpected indent.
total = 0
for i in range(3):
    total += i
    print(total)
        print("too deep")
