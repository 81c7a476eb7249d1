# Sandbox: shutil.copyfile cannot read a file outside the script's folders.
# expect: PermissionError: [Errno 13] Permission denied: '/etc/passwd'
import shutil
import tempfile
shutil.copyfile("/etc/passwd", tempfile.gettempdir() + "/passwd")
