# Sandbox: os imports, but its file functions stop at the script's folder and the run's temporary folder.
# expect: PermissionError: Permission denied: '/'
import os
print("before listdir")
print(os.listdir("/"))
