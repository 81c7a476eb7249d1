# Sandbox: `..` out of the script's folder is refused by pathlib as by open().
# expect: PermissionError: [Errno 13] Permission denied: '..'
from pathlib import Path
print(Path("..").exists())
