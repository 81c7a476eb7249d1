# Checks: while/else and break skipping the else clause.
n = 10
while n > 0:
    n -= 3
else:
    print("while ended normally, n =", n)
n = 10
while n > 0:
    if n == 4:
        print("breaking at", n)
        break
    n -= 2
else:
    print("not printed")
count = 0
while False:
    count += 1
else:
    print("else runs for zero iterations", count)
