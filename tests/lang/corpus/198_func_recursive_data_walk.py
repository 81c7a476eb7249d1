# Checks: recursion over nested dict/list structures.
config = {"model": {"layers": [64, 32], "act": "relu"}, "train": {"epochs": 5, "opt": {"lr": 0.001}}}
def walk(node, path=""):
    if isinstance(node, dict):
        for k, v in node.items():
            walk(v, f"{path}.{k}" if path else k)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            walk(v, f"{path}[{i}]")
    else:
        print(path, "=", node)
walk(config)
def depth(node):
    if isinstance(node, dict):
        return 1 + max((depth(v) for v in node.values()), default=0)
    return 0
print(depth(config))
