# Checks: assignment expressions (walrus) in conditions and comprehensions.
data = [3, 8, 1, 9, 4]
if (n := len(data)) > 3:
    print("long list of", n)
values = [y for x in data if (y := x * 2) > 5]
print(values)
total = 0
i = 0
while (i := i + 1) <= 3:
    total += i
print(total, i)
print((z := 10) + z)
