# Sandbox: Path.mkdir(parents=True) outside the script's folders is refused under the path asked for.
# expect: PermissionError: [Errno 13] Permission denied: '/tmp/graphlens-sandbox-mkdir/a/b'
from pathlib import Path
Path("/tmp/graphlens-sandbox-mkdir/a/b").mkdir(parents=True, exist_ok=True)
