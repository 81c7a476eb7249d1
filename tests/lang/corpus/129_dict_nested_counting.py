# Checks: grouping and counting with nested dicts.
sales = [("east", "apples", 3), ("west", "pears", 5), ("east", "pears", 2), ("east", "apples", 4)]
totals = {}
for region, item, qty in sales:
    totals.setdefault(region, {})
    totals[region][item] = totals[region].get(item, 0) + qty
print(totals)
for region, items in totals.items():
    print(region, sum(items.values()), max(items, key=items.get))
