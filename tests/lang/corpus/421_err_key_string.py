# Error case: KeyError shows the repr of a string key.
config = {"lr": 0.01}
print(config["lr"])
print(sorted(config))
print(config["momentum"])
