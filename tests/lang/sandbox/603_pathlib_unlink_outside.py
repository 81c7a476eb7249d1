# Sandbox: removing a file outside the script's folders with Path.unlink is refused, missing_ok
# or not (the refusal is no FileNotFoundError).
# expect: PermissionError: [Errno 13] Permission denied: '/etc/hostname'
from pathlib import Path
Path("/etc/hostname").unlink(missing_ok=True)
