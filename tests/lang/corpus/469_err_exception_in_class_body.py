# Error case: exception while executing a class body.
print("defining class")
class Config:
    rate = 0.1
    steps = int("ten")
