# Checks: activation functions written with math.exp, as in ML scripts.
import math
def sigmoid(x):
    return 1 / (1 + math.exp(-x))
def softmax(xs):
    m = max(xs)
    exps = [math.exp(x - m) for x in xs]
    s = sum(exps)
    return [e / s for e in exps]
print([round(sigmoid(v), 6) for v in (-2, 0, 2)])
probs = softmax([1.0, 2.0, 3.0])
print([f"{p:.6f}" for p in probs], round(sum(probs), 12))
print(sigmoid(0), math.tanh(0))
