# Checks: nested replacement fields in format specs.
value = 3.14159
for width, prec in [(8, 2), (10, 4), (6, 0)]:
    print(f"[{value:{width}.{prec}f}]")
align = "^"
print(f"[{'mid':{align}11}]")
fill = "-"
print(f"[{'x':{fill}>5}]")
spec = ".3e"
print(f"{value:{spec}}")
print("{:{}{}}".format("v", ">", 4))
