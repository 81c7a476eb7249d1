# Sandbox: shutil.rmtree('/') is refused before anything is listed or removed.
# expect: PermissionError: [Errno 13] Permission denied: '/'
import shutil
shutil.rmtree("/")
