# Error case: UnboundLocalError for a variable assigned only in one branch.
def pick(flag):
    if flag:
        choice = "yes"
    return choice
print(pick(True))
print(pick(False))
