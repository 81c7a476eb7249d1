# Checks: f-strings with format specs driven by loop variables.
for i in range(1, 6):
    print(f"{i:>2} | {i ** 2:>3} | {i ** 0.5:.3f} | {'#' * i:<5}|")
print(f"{'done':=^23}")
widths = [3, 6, 9]
for w in widths:
    print(f"[{'ab':>{w}}] [{w / 7:<{w}.2f}]")
