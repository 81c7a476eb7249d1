# Checks: ranges with large bounds are lazy; membership is computed.
big = range(0, 10 ** 18, 7)
print(len(big), big[-1], 10 ** 17 * 7 in big, 10 ** 17 * 7 + 1 in big)
print(range(-10, 10, 5)[::2], list(range(-10, 10, 5)[::2]))
print(list(range(5)[::-1]), list(range(5)[-2:]))
print(range(10)[2:8:3], range(10)[::-2])
