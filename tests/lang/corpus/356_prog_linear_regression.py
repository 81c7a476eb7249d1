# Checks: gradient descent on a tiny linear regression (pure floats).
xs = [0.0, 1.0, 2.0, 3.0, 4.0]
ys = [1.0, 3.1, 4.9, 7.2, 8.8]
w, b = 0.0, 0.0
lr = 0.02
for epoch in range(200):
    gw = sum(2 * (w * x + b - y) * x for x, y in zip(xs, ys)) / len(xs)
    gb = sum(2 * (w * x + b - y) for x, y in zip(xs, ys)) / len(xs)
    w -= lr * gw
    b -= lr * gb
    if epoch % 50 == 0:
        loss = sum((w * x + b - y) ** 2 for x, y in zip(xs, ys)) / len(xs)
        print(f"epoch {epoch:3d} loss {loss:.6f}")
print(f"w={w:.4f} b={b:.4f}")
print(w, b)
