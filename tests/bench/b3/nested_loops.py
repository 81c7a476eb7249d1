# B3: nested loops summing 10^7 integers.
total = 0
for i in range(1000):
    for j in range(10000):
        total += j
print(total)
