# Checks: word frequency counting with a dict.
text = "the quick brown fox jumps over the lazy dog the end"
freq = {}
for w in text.split():
    freq[w] = freq.get(w, 0) + 1
print(freq)
top = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
print(top)
print(max(freq, key=freq.get))
print(" ".join(w.capitalize() for w in text.split()[:4]))
