# Sandbox: Path.read_text / read_bytes outside the script's folders are refused.
# expect: PermissionError: [Errno 13] Permission denied: '/etc/passwd'
from pathlib import Path
print(Path("/etc/passwd").read_bytes())
