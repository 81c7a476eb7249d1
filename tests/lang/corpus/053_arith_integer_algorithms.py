# Checks: classic integer algorithms: gcd, primes, digit sums.
def gcd(a, b):
    while b:
        a, b = b, a % b
    return a

def is_prime(n):
    if n < 2:
        return False
    i = 2
    while i * i <= n:
        if n % i == 0:
            return False
        i += 1
    return True

print(gcd(48, 18), gcd(17, 5), gcd(0, 9))
print([p for p in range(50) if is_prime(p)])
print(sum(int(d) for d in str(2 ** 100)))
print(is_prime(2 ** 31 - 1))
