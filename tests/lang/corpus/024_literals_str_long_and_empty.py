# Checks: repr of long strings, empty string, whitespace-only string.
print(repr(' '))
print(repr('   \t'))
print(repr('x' * 30))
print(repr('ab' * 3))
print(len(''), repr(str()))
print(repr('\\'))
print(repr("'"), repr('"'))
print(repr("'\""))
