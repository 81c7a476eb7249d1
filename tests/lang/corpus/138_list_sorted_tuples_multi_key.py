# Checks: sorting by multiple keys using tuples and negation.
students = [("amy", "b", 88), ("ben", "a", 92), ("cal", "b", 88), ("dee", "a", 75)]
print(sorted(students, key=lambda s: (s[1], -s[2], s[0])))
print(sorted(students, key=lambda s: s[2], reverse=True))
print([s[0] for s in sorted(students, key=lambda s: (-s[2], s[0]))])
