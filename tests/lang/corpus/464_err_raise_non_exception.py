# Error case: raising something that is not an exception.
def fail():
    raise "plain string"
print("before")
fail()
