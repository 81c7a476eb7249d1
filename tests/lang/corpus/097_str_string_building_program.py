# Checks: building a formatted table from records.
rows = [("conv1", 864, 0.0123), ("dense", 65600, 1.5), ("out", 1290, 0.25)]
header = f"{'layer':<8}{'params':>10}{'ms':>8}"
print(header)
print("-" * len(header))
for name, params, ms in rows:
    print(f"{name:<8}{params:>10,}{ms:>8.3f}")
total = sum(r[1] for r in rows)
print(f"{'total':<8}{total:>10,}")
