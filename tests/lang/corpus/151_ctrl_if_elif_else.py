# Checks: if/elif/else chains including nested conditions.
def classify(n):
    if n < 0:
        return "negative"
    elif n == 0:
        return "zero"
    elif n < 10:
        if n % 2 == 0:
            return "small even"
        else:
            return "small odd"
    else:
        return "large"
for n in (-3, 0, 4, 7, 12):
    print(n, classify(n))
if []:
    print("never")
elif {}:
    print("never either")
else:
    print("empty containers are false")
