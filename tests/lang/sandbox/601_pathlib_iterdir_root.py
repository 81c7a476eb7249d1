# Sandbox: listing / with Path.iterdir is refused (the generator raises on its first step).
# expect: PermissionError: [Errno 13] Permission denied: '/'
from pathlib import Path
names = Path("/").iterdir()
print("made the generator")
print(list(names))
