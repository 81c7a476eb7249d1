# Sandbox: `from os import ...` is refused like `import os`.
# expect: ModuleNotFoundError: No module named 'os'
from os import path
print(path.exists("x"))
print("not reached")
