# Checks: escape sequences in literals and how repr shows them.
s = "tab\there\nnewline\r\x00\x7f\x1b"
print(repr(s))
print(len(s))
print(repr('\a\b\f\v'))
print("A\x42\u0043\N{LATIN SMALL LETTER D}")
print(repr("\u00e9"))
print(repr(r"raw\nstring"))
print(len(r"\n"), len("\n"))
print("line1\nline2")
print('backslash: \\ end')
print(repr("\x80\x9f\xa0"))
