# Sandbox: the builtins module cannot be imported to fish out refused functions.
# expect: ModuleNotFoundError: No module named 'builtins'
import builtins
f = getattr(builtins, "open")
print(f)
