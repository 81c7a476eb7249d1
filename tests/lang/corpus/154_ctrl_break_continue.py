# Checks: break and continue in for and while loops.
for i in range(10):
    if i % 2 == 0:
        continue
    if i > 7:
        break
    print("odd", i)
i = 0
while True:
    i += 1
    if i == 3:
        continue
    if i >= 6:
        break
    print("while", i)
print("end", i)
