# Checks: f-string widths, alignment and fill characters.
w = 10
for s in ["a", "abc", "abcdefghijkl"]:
    print(f"[{s:<{w}}][{s:>{w}}][{s:^{w}}]")
print(f"[{'x':*^9}]")
print(f"[{42:08}] [{-42:08}] [{42:+}] [{42: }]")
print(f"[{3.5:=+8}]")
print(f"[{7:<5}] [{7:^5}] [{7:>5}]")
print(f"[{'pad':.<8}]")
