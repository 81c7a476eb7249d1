# Checks: sign options, zero padding and alternate forms in format specs.
for v in [5, -5, 0]:
    print(f"[{v:+d}] [{v:-d}] [{v: d}] [{v:05d}] [{v:+05d}]")
print(f"[{3.5:+.2f}] [{-3.5: .2f}] [{0.0:+.1f}] [{-0.0:.1f}]")
print(f"[{255:#06x}] [{5:#b}] [{8:#o}]")
print(f"[{1.0:#.0f}] [{1.0:.0f}]")
