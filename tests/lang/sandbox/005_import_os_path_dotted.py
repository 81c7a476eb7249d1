# Sandbox: dotted import of a refused package names the top-level module.
# expect: ModuleNotFoundError: No module named 'os'
import os.path
print(os.path.join("a", "b"))
print("not reached")
