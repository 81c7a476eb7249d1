# Checks: recursive functions: factorial, fibonacci, hanoi, ackermann.
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
def hanoi(n, src, dst, via, moves):
    if n:
        hanoi(n - 1, src, via, dst, moves)
        moves.append((src, dst))
        hanoi(n - 1, via, dst, src, moves)
    return moves
print(fact(20), fact(25))
print([fib(i) for i in range(15)])
print(len(hanoi(10, "a", "c", "b", [])), hanoi(2, "a", "c", "b", []))
def ack(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ack(m - 1, 1)
    return ack(m - 1, ack(m, n - 1))
print(ack(2, 3))
