# %-formatting of objects that are numbers by protocol: %f/%e/%g take __float__ (or __index__),
# %d takes __int__ (or __index__), %x/%o need __index__; the errors name the type otherwise.
class F:
    def __float__(self):
        return 2.5


class I:
    def __index__(self):
        return 42


class T:
    def __int__(self):
        return 7


print("%f %.2e %g" % (F(), F(), I()))
print("%d %i %5d|%-4d|" % (T(), I(), T(), I()))
print("%x %X %o %#x" % (I(), I(), I(), I()))
for fmt, arg in [("%f", T()), ("%x", T()), ("%x", 2.0), ("%d", "s"), ("%f", None), ("%o", F())]:
    try:
        print(fmt % arg)
    except TypeError as e:
        print("TypeError:", e)
