# Checks: f-string float precision and type codes.
x = 3.14159265
print(f"{x:.2f} {x:.0f} {x:.4f} {x:10.3f}|")
print(f"{x:e} {x:.2e} {x:E}")
print(f"{x:g} {1234567.0:g} {0.00001234:g} {1e16:g}")
print(f"{0.5:%} {0.125:.1%}")
print(f"{2.5:.0f} {3.5:.0f} {-0.5:.0f}")
print(f"{1/3:.10f}")
print(f"{100:.2f} {7:e}")
print(f"{x:.3}", f"{12345.6789:.3}")
