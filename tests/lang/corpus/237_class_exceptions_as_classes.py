# Checks: user classes with class-level constants and enumeration-like patterns.
class Color:
    RED = 1
    GREEN = 2
    BLUE = 3
    @classmethod
    def name_of(cls, value):
        for k, v in vars(cls).items():
            if v == value and k.isupper():
                return k
        return None
print(Color.RED, Color.name_of(2), Color.name_of(9))
print([k for k in vars(Color) if k.isupper()])
