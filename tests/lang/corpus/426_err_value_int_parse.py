# Error case: ValueError invalid literal for int() with base 10: 'abc'.
print("parsing numbers")
print("expect two successes first")
for text in ["12", "7", "abc"]:
    print(int(text) * 2)
