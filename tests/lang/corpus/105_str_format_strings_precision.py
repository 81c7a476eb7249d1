# Checks: precision on strings truncates; width with precision.
s = "abcdefgh"
print(f"[{s:.3}] [{s:5.2}] [{s:>6.4}]")
print("[{:.0}]".format(s))
print(f"[{'':>3}]")
print(f"[{s:^12.5}]")
