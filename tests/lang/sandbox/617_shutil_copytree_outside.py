# Sandbox: shutil.copytree cannot list a folder outside the script's folders.
# expect: PermissionError: [Errno 13] Permission denied: '/etc'
import shutil
import tempfile
shutil.copytree("/etc", tempfile.gettempdir() + "/etc")
