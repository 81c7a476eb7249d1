# Checks: triple-quoted strings, implicit concatenation, line continuation.
text = """first line
second line
    indented"""
print(text)
print(repr(text))
joined = ("abc"
          "def"
          'ghi')
print(joined)
total = 1 + \
        2 + \
        3
print(total)
print('''quote ' and " inside''')
print("a" "b" == "ab")
