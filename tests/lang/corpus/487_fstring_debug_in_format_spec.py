# feature: f-strings
# Checks: the `=` debug specifier inside a nested format spec, and next to literal text.
g = 7
w = 6
print(f"{'item':{w}}|")
print(f"{'a':>{w}}|{g=}|{g = :>4}|x{g=}y")
print(f"{3.14159:{'.'}{2}f}")
print(f"[{g=!s:>5}]")
