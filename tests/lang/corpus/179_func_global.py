# Checks: global declarations let functions rebind module names.
counter = 0
def bump():
    global counter
    counter += 1
def read():
    return counter
bump()
bump()
print(counter, read())
def create():
    global created_later
    created_later = "made in function"
create()
print(created_later)
def shadow():
    counter = 100
    return counter
print(shadow(), counter)
