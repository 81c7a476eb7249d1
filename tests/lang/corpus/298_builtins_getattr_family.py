# Checks: getattr with default, setattr on instance, hasattr on builtins.
class Opt:
    def __init__(self):
        self.lr = 0.1
o = Opt()
print(getattr(o, "lr"), getattr(o, "beta", 0.9))
setattr(o, "lr", 0.01)
print(o.lr)
print(hasattr(o, "lr"), hasattr(o, "__init__"), hasattr([], "append"), hasattr(1, "append"))
method = getattr("a,b", "split")
print(method(","))
for attr in ["upper", "lower"]:
    print(getattr("MiXeD", attr)())
