# Checks: word statistics over a paragraph using dicts and sorting.
text = """It was the best of times, it was the worst of times, it was the age of
wisdom, it was the age of foolishness"""
words = [w.strip(",.").lower() for w in text.split()]
counts = {}
for w in words:
    counts[w] = counts.get(w, 0) + 1
ranking = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
for word, n in ranking[:5]:
    print(f"{word:>8} {n}")
print(len(words), len(counts))
print(max(words, key=len), sorted(set(len(w) for w in words)))
