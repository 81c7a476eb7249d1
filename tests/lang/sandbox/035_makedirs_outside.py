# Sandbox: os.makedirs outside the script's folders is refused under the path asked for (not
# under the first parent the walk cannot see).
# expect: PermissionError: [Errno 13] Permission denied: '/tmp/graphlens-sandbox-dir/sub'
import os
os.makedirs("/tmp/graphlens-sandbox-dir/sub", exist_ok=True)
