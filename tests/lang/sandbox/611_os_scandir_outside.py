# Sandbox: os.scandir of a folder outside the script's folders is refused.
# expect: PermissionError: [Errno 13] Permission denied: '/usr'
import os
with os.scandir("/usr") as it:
    print([e.name for e in it])
