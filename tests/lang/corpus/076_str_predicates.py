# Checks: isdigit/isalpha/isalnum/isspace/isupper/islower/isidentifier etc.
samples = ["123", "abc", "abc123", "   ", "", "ABC", "Abc", "x_1", "1x", "007", "3.5"]
for s in samples:
    print(repr(s), s.isdigit(), s.isalpha(), s.isalnum(), s.isspace(),
          s.isupper(), s.islower(), s.isidentifier(), s.isdecimal(), s.isnumeric())
print("Title Case".istitle(), "ascii".isascii(), "é".isascii())
