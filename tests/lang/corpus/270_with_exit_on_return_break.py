# Checks: __exit__ runs when leaving the block by return, break or continue.
class Tracker:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        return self
    def __exit__(self, *args):
        print("exit", self.name)
def early():
    with Tracker("return"):
        return "returned"
print(early())
for i in range(3):
    with Tracker(f"loop {i}"):
        if i == 0:
            continue
        if i == 1:
            break
print("done")
