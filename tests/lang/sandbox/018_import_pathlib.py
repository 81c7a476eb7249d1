# Sandbox: pathlib imports, but resolving a path does not open the way out: reading /etc/passwd
# through the Path it resolves to is refused.
# expect: PermissionError: [Errno 13] Permission denied: '/etc/passwd'
from pathlib import Path
print(Path(".").resolve() == Path.cwd())
print(Path("/etc/passwd").resolve().read_text())
print("not reached")
