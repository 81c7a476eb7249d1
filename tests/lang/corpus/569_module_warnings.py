# warnings: warn with categories, instances and stacklevel, catch_warnings(record=True), the
# actions (always, default once per place, ignore by message pattern and by module, error, once),
# formatwarning, the errors, the warning classes and the default filters.
import warnings


def f(x):
    warnings.warn("x is deprecated", DeprecationWarning, stacklevel=2)
    return x


with warnings.catch_warnings(record=True) as log:
    warnings.simplefilter("always")
    warnings.warn("plain")
    warnings.warn("again", RuntimeWarning)
    f(1)
    warnings.warn(FutureWarning("as instance"))
    for w in log:
        print(w.category.__name__, str(w.message), w.lineno, w.filename.endswith("t.py"), w.line)
    print(len(log), str(log[0])[:40])
with warnings.catch_warnings(record=True) as log:
    warnings.simplefilter("default")
    for i in range(3):
        warnings.warn("loop")
    warnings.filterwarnings("ignore", message="skip.*")
    warnings.warn("skip me")
    warnings.warn("Skip ME too")
    warnings.warn("keep me")
    warnings.filterwarnings("ignore", category=UserWarning, module="__main__")
    warnings.warn("module-ignored")
    print([str(w.message) for w in log])
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        warnings.warn("boom", RuntimeWarning)
    except RuntimeWarning as e:
        print("raised", type(e).__name__, e)
with warnings.catch_warnings(record=True) as log:
    warnings.simplefilter("once")
    warnings.warn("o")
    warnings.warn("o")
    print(len(log))
print(warnings.formatwarning("m", UserWarning, "file.py", 3, "  code()  "), end="")
try:
    warnings.warn("x", int)
except TypeError as e:
    print("TypeError", e)
try:
    warnings.simplefilter("bogus")
except AssertionError as e:
    print("AssertionError", e)
print(issubclass(FutureWarning, Warning), issubclass(SyntaxWarning, Warning), ResourceWarning.__mro__[1].__name__)
print(len(warnings.filters) > 0, warnings.filters[-1][0])
