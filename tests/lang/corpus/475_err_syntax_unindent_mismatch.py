# Error case: IndentationError unindent does not match any outer indentation level.
def f():
        x = 1
        if x:
            return x
      return 0
print(f())
