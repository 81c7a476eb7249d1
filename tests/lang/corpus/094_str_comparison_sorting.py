# Checks: lexicographic comparison and sorting of strings.
words = ["banana", "Apple", "cherry", "apple", "Banana", "b"]
print(sorted(words))
print(sorted(words, key=str.lower))
print(sorted(words, key=len))
print(sorted(words, key=lambda w: (len(w), w)))
print("a" < "B", "a".lower() < "B".lower())
print(max(words), min(words))
