# Checks: exceptions propagate through nested calls and run each finally.
def level3():
    try:
        raise LookupError("deep")
    finally:
        print("cleanup 3")
def level2():
    try:
        level3()
    finally:
        print("cleanup 2")
def level1():
    try:
        level2()
    except LookupError as e:
        print("caught at level 1:", e)
        return "recovered"
print(level1())
