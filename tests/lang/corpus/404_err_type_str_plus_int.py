# Error case: TypeError can only concatenate str (not "int") to str.
def banner(epoch):
    return "epoch " + epoch
print(banner("one"))
print(banner(2))
