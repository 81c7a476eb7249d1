# Error case: missing 2 required positional arguments.
def area(width, height):
    return width * height
print("computing")
area()
