# Checks: formatted report with totals, alignment and thousands separators.
inventory = [("widget", 1200, 0.35), ("gadget", 45, 12.5), ("doohickey", 3, 1999.99)]
print(f"{'item':<10}|{'qty':>6}|{'price':>9}|{'value':>11}")
grand = 0
for name, qty, price in inventory:
    value = qty * price
    grand += value
    print(f"{name:<10}|{qty:>6,}|{price:>9.2f}|{value:>11,.2f}")
print(f"{'TOTAL':<10}|{'':>6}|{'':>9}|{grand:>11,.2f}")
