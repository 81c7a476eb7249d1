# Checks: pass statements and ellipsis bodies.
def todo():
    pass
def stub():
    ...
class Empty:
    pass
print(todo(), stub())
print(type(Empty()).__name__)
for _ in range(2):
    pass
if True:
    pass
print("done")
