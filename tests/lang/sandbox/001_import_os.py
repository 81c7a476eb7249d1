# Sandbox: the os module is not available to scripts.
# expect: ModuleNotFoundError: No module named 'os'
print("before import")
import os
print(os.listdir("."))
