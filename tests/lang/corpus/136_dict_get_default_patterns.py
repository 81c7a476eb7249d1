# Checks: idioms for defaults: get, setdefault, in-check, try/except.
inventory = {"apples": 3}
print(inventory.get("pears", 0) + 1)
if "apples" in inventory:
    inventory["apples"] += 1
inventory.setdefault("pears", []).append("bosc")
inventory.setdefault("pears", []).append("anjou")
print(inventory)
try:
    print(inventory["plums"])
except KeyError as e:
    print("missing", e, repr(e))
