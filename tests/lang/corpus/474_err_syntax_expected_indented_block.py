# Error case: IndentationError expected an indented block.
def train(epochs):
    for e in range(epochs):
    print(e)
train(2)
