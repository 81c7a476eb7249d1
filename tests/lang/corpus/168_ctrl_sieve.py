# Checks: sieve of Eratosthenes with slice assignment.
def sieve(n):
    is_prime = [True] * (n + 1)
    is_prime[0] = is_prime[1] = False
    for i in range(2, int(n ** 0.5) + 1):
        if is_prime[i]:
            is_prime[i * i::i] = [False] * len(range(i * i, n + 1, i))
    return [i for i, p in enumerate(is_prime) if p]
primes = sieve(100)
print(primes)
print(len(sieve(10000)), sieve(10000)[-1])
