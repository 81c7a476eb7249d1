# Checks: results of comparisons print as True/False in containers.
checks = [1 < 2, 2 < 1, 'a' < 'b', [1, 2] < [1, 3], (1, 2) == (1, 2.0)]
print(checks)
print(sum(checks))
print(all(checks), any(checks))
print({'ok': 3 > 2})
print(str(1 == 1).upper())
