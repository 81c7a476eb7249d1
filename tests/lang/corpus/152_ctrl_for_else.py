# Checks: for/else runs else only when the loop did not break.
def find(items, target):
    for i, item in enumerate(items):
        if item == target:
            print("found", target, "at", i)
            break
    else:
        print(target, "not found")
find([4, 5, 6], 5)
find([4, 5, 6], 9)
find([], 1)
for i in range(3):
    pass
else:
    print("loop finished with i =", i)
