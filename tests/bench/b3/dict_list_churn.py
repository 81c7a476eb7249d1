# B3: dict and list churn.
d = {}
items = []
for i in range(300000):
    d[i % 5000] = d.get(i % 5000, 0) + i
    items.append(i * 2)
    if len(items) > 1000:
        items = items[500:]
print(len(d), sum(d.values()), len(items))
