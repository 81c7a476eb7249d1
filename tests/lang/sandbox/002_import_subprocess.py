# Sandbox: no process access.
# expect: ModuleNotFoundError: No module named 'subprocess'
import subprocess
subprocess.run(["ls"])
print("not reached")
