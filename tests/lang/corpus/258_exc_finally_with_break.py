# Checks: finally runs on break/continue/return inside loops.
def search(items):
    for item in items:
        try:
            if item == "stop":
                return "returned at stop"
            if item == "skip":
                continue
            print("processing", item)
        finally:
            print("finally for", item)
    return "exhausted"
print(search(["a", "skip", "b", "stop", "c"]))
for i in range(3):
    try:
        if i == 1:
            break
    finally:
        print("loop finally", i)
