# Error case: unexpected keyword argument.
def train(epochs, lr=0.1):
    return epochs * lr
print(train(3))
train(3, learning_rate=0.01)
