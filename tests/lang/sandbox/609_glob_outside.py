# Sandbox: glob.glob cannot list a folder outside the script's folders.
# expect: PermissionError: [Errno 13] Permission denied: '/etc'
import glob
print(glob.glob("/etc/*"))
