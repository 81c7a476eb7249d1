# Error case: IndexError pop from empty list.
stack = [1]
print(stack.pop())
print("remaining", stack)
stack.pop()
