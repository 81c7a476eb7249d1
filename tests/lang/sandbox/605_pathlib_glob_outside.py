# Sandbox: Path.glob and rglob cannot list a folder outside the script's folders: the refusal is
# raised, not read as an empty folder.
# expect: PermissionError: [Errno 13] Permission denied: '/etc'
from pathlib import Path
print(sorted(Path("/etc").rglob("*.conf")))
