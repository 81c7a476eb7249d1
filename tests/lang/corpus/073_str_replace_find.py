# Checks: replace, find, rfind, index, count.
s = "the cat sat on the mat"
print(s.replace("at", "og"))
print(s.replace("the", "a", 1))
print(s.find("at"), s.rfind("at"), s.find("dog"))
print(s.find("at", 6), s.find("at", 6, 9))
print(s.index("sat"))
print(s.count("at"), s.count("the"), s.count(""))
print("aaaa".count("aa"))
print("abc".replace("", "-"))
print(s.rindex("t"))
