# Checks: nested lazy iterators feeding each other.
words = ["alpha", "Beta", "gamma", "DELTA", "eps"]
lowered = map(str.lower, words)
long_words = filter(lambda w: len(w) > 3, lowered)
numbered = enumerate(long_words, 1)
print(list(numbered))
print(list(zip(*[iter(range(6))] * 2)))
print(max(map(len, words)), min(zip(words, range(5)))[1])
