# Sandbox: os.chmod / os.utime of a file outside the script's folders are refused.
# expect: PermissionError: [Errno 13] Permission denied: '/etc/passwd'
import os
try:
    os.utime("/etc/passwd")
except PermissionError as e:
    print("utime refused:", e)
os.chmod("/etc/passwd", 0o777)
