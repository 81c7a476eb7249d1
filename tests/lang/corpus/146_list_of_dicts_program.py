# Checks: filtering and transforming a list of dict records.
layers = [
    {"name": "dense_1", "units": 64, "trainable": True},
    {"name": "dropout", "units": 0, "trainable": False},
    {"name": "dense_2", "units": 10, "trainable": True},
]
trainable = [l["name"] for l in layers if l["trainable"]]
print(trainable)
print(sum(l["units"] for l in layers))
for l in layers:
    l["params"] = l["units"] * 2
print(layers[-1])
print({l["name"]: l["params"] for l in layers})
