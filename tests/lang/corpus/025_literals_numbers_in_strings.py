# Checks: str/repr/format for assorted numbers side by side.
nums = [0, -1, 1.0, -1.0, 1e100, 1e-100, 123.0, 2 ** 63, -(2 ** 63), 0.30000000000000004]
for n in nums:
    print(f"{n!s:>25} {n!r:>25} {type(n).__name__}")
print(f"{'end'!r:^11}|")
