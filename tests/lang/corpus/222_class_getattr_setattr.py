# Checks: getattr/setattr/hasattr/delattr on instances and classes.
class Config:
    lr = 0.1
c = Config()
setattr(c, "epochs", 3)
print(getattr(c, "epochs"), getattr(c, "lr"), getattr(c, "missing", "default"))
print(hasattr(c, "lr"), hasattr(c, "nothing"))
for name in ["batch", "seed"]:
    setattr(c, name, len(name))
print(c.batch, c.seed)
delattr(c, "seed")
print(hasattr(c, "seed"))
setattr(Config, "momentum", 0.9)
print(c.momentum)
print(getattr(1, "real"), getattr("abc", "upper")())
