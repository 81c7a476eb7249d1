# Checks: vars()/__dict__ of instances and instance attribute order.
class P:
    def __init__(self):
        self.z = 1
        self.a = 2
p = P()
p.m = 3
print(vars(p))
print(p.__dict__)
p.__dict__["q"] = 4
print(p.q)
print(list(vars(p)))
