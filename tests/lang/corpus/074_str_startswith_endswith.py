# Checks: startswith/endswith with strings, tuples and offsets.
name = "model_weights.ckpt"
print(name.startswith("model"), name.endswith(".ckpt"))
print(name.startswith(("data", "model")))
print(name.endswith((".h5", ".pb")))
print(name.startswith("weights", 6))
print(name.endswith("model", 0, 5))
print("".startswith(""), "abc".endswith(""))
files = ["a.py", "b.txt", "c.py", "readme"]
print([f for f in files if f.endswith(".py")])
