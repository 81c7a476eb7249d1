# Checks: general format g with various magnitudes, and default float format.
for v in [0.0001, 0.00001, 123456, 1234567, 1.5, 100.0, 1e100, -2.5e-5]:
    print(f"{v:g} {v:.3g} {v:10.2g}| {v}")
print(f"{float('inf'):g} {float('nan'):f} {float('-inf'):.2f}")
print(f"{1e16:.17g} {0.1:.17g} {2.0:.1g}")
