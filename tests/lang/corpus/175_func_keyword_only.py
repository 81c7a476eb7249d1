# Checks: keyword-only parameters after * and after *args.
def configure(name, *, size=1, color="red"):
    return f"{name}:{size}:{color}"
print(configure("a"))
print(configure("b", size=3))
print(configure("c", color="blue", size=2))
def log(*messages, sep=" | ", level):
    return level + ": " + sep.join(messages)
print(log("x", "y", level="INFO"))
print(log(level="WARN"))
