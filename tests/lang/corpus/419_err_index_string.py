# Error case: IndexError string index out of range.
word = "abc"
print(word[-3])
print(word[0], word[1])
print(word[3])
