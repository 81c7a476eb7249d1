# Checks: strip/lstrip/rstrip with and without characters.
s = "  \t padded text \n "
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()))
print("xxhixx".strip("x"))
print("www.example.com".strip("cmow."))
print("0012300".lstrip("0"), "0012300".rstrip("0"))
print(repr("   ".strip()))
print("abc".strip(""))
print("prefix_name".removeprefix("prefix_"), "file.py".removesuffix(".py"))
