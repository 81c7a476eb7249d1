# Checks: loop variables remain bound after loops, including after break.
for x in [10, 20, 30]:
    pass
print(x)
for y in range(100):
    if y == 42:
        break
print(y)
z = "unchanged"
for z in []:
    pass
print(z)
