# Error case: SyntaxError unterminated triple-quoted string literal.
doc = """start of a docstring
print(doc)
x = 1
print(x)
