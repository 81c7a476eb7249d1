# Checks: iterating dicts by keys, values and items; views are live.
prices = {"apple": 0.5, "pear": 0.75, "fig": 2.0}
for fruit in prices:
    print(fruit, prices[fruit])
for fruit, price in prices.items():
    print(f"{fruit}: {price:.2f}")
keys = prices.keys()
prices["kiwi"] = 0.3
print(list(keys), len(keys))
print(sum(prices.values()))
print("fig" in keys, 0.5 in prices.values())
print(sorted(prices, key=prices.get))
