# Sandbox: shutil.disk_usage asks only about the script's folders.
# expect: PermissionError: [Errno 13] Permission denied: '/'
import shutil
print(shutil.disk_usage(".").total > 0)
shutil.disk_usage("/")
