# Error case: SyntaxError expected ':'.
x = 5
y = x * 2
if x > 3
    print("big")
