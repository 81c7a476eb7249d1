# Checks: a compound interest schedule with rounding at each step.
balance = 1000.0
rate = 0.035
for year in range(1, 6):
    interest = round(balance * rate, 2)
    balance = round(balance + interest, 2)
    print(f"year {year}: interest {interest:.2f} balance {balance:.2f}")
print(balance)
print(round(balance))
