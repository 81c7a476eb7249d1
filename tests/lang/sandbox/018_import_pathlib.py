# Sandbox: pathlib (file system access) is refused.
# expect: ModuleNotFoundError: No module named 'pathlib'
from pathlib import Path
print(Path(".").resolve())
print("not reached")
