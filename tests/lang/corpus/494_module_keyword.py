# keyword: the keyword lists, iskeyword / issoftkeyword, and a standard module imported twice is
# the same object.
import keyword
import keyword as kw2

print(len(keyword.kwlist), keyword.kwlist[:5], keyword.kwlist[-3:])
print(keyword.softkwlist)
for word in ["if", "match", "case", "_", "x", "True", "None", "print", "async", ""]:
    print(repr(word), keyword.iskeyword(word), keyword.issoftkeyword(word))
print(kw2 is keyword, keyword.__name__)
print(sorted(k for k in keyword.kwlist if k.islower())[:4])
