# Checks: recursive dict merge and pretty printing of nested config.
def merge(base, override):
    out = dict(base)
    for k, v in override.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = merge(out[k], v)
        else:
            out[k] = v
    return out
defaults = {"model": {"units": 64, "act": "relu"}, "lr": 0.001, "tags": ["base"]}
user = {"model": {"units": 128}, "tags": ["custom"], "epochs": 10}
cfg = merge(defaults, user)
print(cfg)
def show(d, indent=0):
    for k, v in d.items():
        if isinstance(v, dict):
            print(" " * indent + f"{k}:")
            show(v, indent + 2)
        else:
            print(" " * indent + f"{k}: {v!r}")
show(cfg)
