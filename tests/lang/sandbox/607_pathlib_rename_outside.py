# Sandbox: Path.rename cannot move a file out of the run's temporary folder.
# expect: PermissionError: [Errno 13] Permission denied: '/tmp/graphlens-sandbox-moved.txt'
import tempfile
from pathlib import Path
p = Path(tempfile.gettempdir()) / "inside.txt"
p.write_text("inside")
p.rename("/tmp/graphlens-sandbox-moved.txt")
