# Checks: instances without __repr__: print only type info (not addresses).
class Thing:
    pass
t = Thing()
s = repr(t)
print(s.startswith("<__main__.Thing object at 0x"), s.endswith(">"))
print(str(t) == repr(t))
print(t == t, t == Thing(), t != Thing())
