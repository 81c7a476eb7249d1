# Error case: SyntaxError unterminated string literal (line number matters).
greeting = "hello"
print(greeting)
message = 'this string never ends
print(message)
