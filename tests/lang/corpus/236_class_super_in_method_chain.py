# Checks: super() in ordinary methods, multilevel overrides.
class A:
    def build(self):
        return ["A"]
class B(A):
    def build(self):
        return super().build() + ["B"]
class C(B):
    def build(self):
        parts = super().build()
        parts.append("C")
        return parts
print(C().build())
print(super(C, C()).build())
print(B.build(C()))
