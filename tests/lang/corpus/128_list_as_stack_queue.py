# Checks: list used as a stack and a simple queue.
stack = []
for tok in "3 4 + 2 *".split():
    if tok.isdigit():
        stack.append(int(tok))
    else:
        r, l = stack.pop(), stack.pop()
        stack.append(l + r if tok == "+" else l * r)
print(stack)
queue = [1, 2, 3]
order = []
while queue:
    item = queue.pop(0)
    order.append(item)
    if item < 3:
        queue.append(item + 10)
print(order)
