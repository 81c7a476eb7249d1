# Sandbox: Path.write_text outside the script's folders is refused.
# expect: PermissionError: [Errno 13] Permission denied: '/tmp/graphlens-sandbox-pathlib.txt'
from pathlib import Path
Path("/tmp/graphlens-sandbox-pathlib.txt").write_text("escaped")
