# Checks: in-place updates while iterating indices.
scores = [70, 85, 90, 55]
for i, s in enumerate(scores):
    if s < 60:
        scores[i] = 60
print(scores)
for i in range(len(scores)):
    scores[i] += 5
print(scores)
print([i for i, s in enumerate(scores) if s > 80])
print(list(enumerate("ab", start=1)))
