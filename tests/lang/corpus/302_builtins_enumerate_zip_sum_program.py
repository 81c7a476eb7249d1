# Checks: a weighted average computed with builtin combinators.
weights = [0.2, 0.3, 0.5]
scores = [80, 90, 70]
total = sum(w * s for w, s in zip(weights, scores))
print(total, round(total, 2))
ranked = sorted(enumerate(scores), key=lambda p: p[1], reverse=True)
print(ranked)
print(max(zip(scores, ["a", "b", "c"])))
print(all(0 <= w <= 1 for w in weights), abs(sum(weights) - 1) < 1e-9)
