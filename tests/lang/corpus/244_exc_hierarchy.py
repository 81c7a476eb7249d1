# Checks: catching by base classes in the standard hierarchy.
cases = [ZeroDivisionError("z"), KeyError("k"), IndexError("i"), ValueError("v"),
         TypeError("t"), FileNotFoundError("f"), RecursionError("r"), StopIteration()]
for exc in cases:
    try:
        raise exc
    except ArithmeticError:
        print(type(exc).__name__, "-> ArithmeticError")
    except LookupError:
        print(type(exc).__name__, "-> LookupError")
    except OSError:
        print(type(exc).__name__, "-> OSError")
    except RuntimeError:
        print(type(exc).__name__, "-> RuntimeError")
    except Exception as e:
        print(type(e).__name__, "-> Exception")
print(issubclass(ModuleNotFoundError, ImportError), issubclass(UnboundLocalError, NameError))
print(issubclass(KeyboardInterrupt, Exception), issubclass(KeyboardInterrupt, BaseException))
