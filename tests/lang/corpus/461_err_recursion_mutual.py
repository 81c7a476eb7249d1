# Error case: RecursionError through mutual recursion.
def ping(n):
    return pong(n + 1)
def pong(n):
    return ping(n + 1)
print("ping pong")
ping(0)
