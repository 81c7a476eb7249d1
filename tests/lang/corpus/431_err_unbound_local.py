# Error case: UnboundLocalError (3.11 message) when assigning after reading.
counter = 0
def increment():
    counter += 1
    return counter
print("calling increment")
increment()
