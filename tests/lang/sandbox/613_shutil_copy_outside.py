# Sandbox: shutil.copy cannot write a file outside the script's folders (here /tmp, outside the
# run's own temporary folder).
# expect: PermissionError: [Errno 13] Permission denied: '/tmp/graphlens-sandbox-copy.txt'
import shutil
import tempfile
from pathlib import Path
src = Path(tempfile.gettempdir()) / "src.txt"
src.write_text("inside")
shutil.copy(src, "/tmp/graphlens-sandbox-copy.txt")
