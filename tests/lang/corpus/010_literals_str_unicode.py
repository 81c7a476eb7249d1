# Checks: unicode strings: len, indexing, repr keeps printable non-ASCII.
word = "naïve café"
print(word, len(word))
print(repr(word))
print(word[2], word[-1])
print(word.upper())
greek = "αβγ"
print(greek, len(greek), repr(greek))
print("日本語", len("日本語"))
print(repr("emoji \U0001F600"))
print(len("\U0001F600"))
print(ord("é"), chr(233), chr(0x3b1))
print(repr("\u200b"))
print(repr("\u2028"))
