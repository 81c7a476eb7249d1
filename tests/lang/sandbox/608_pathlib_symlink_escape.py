# Sandbox: a symbolic link made in the temporary folder that points at /etc does not open /etc:
# following it is refused under the name the script used.
# expect: PermissionError: Permission denied
import tempfile
from pathlib import Path
link = Path(tempfile.gettempdir()) / "etc"
link.symlink_to("/etc")
print(link.is_symlink())
print((link / "passwd").read_text())
