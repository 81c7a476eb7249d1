# Checks: count/index/in use ==, so 1 == 1.0 == True match.
xs = [1, 1.0, True, "1", 0, False]
print(xs.count(1), xs.count(0), xs.count("1"))
print(xs.index(True), xs.index(False))
print(1.0 in [1], "1" in [1])
print([[1, 2]].count([1, 2]))
