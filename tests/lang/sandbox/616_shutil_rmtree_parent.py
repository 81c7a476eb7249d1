# Sandbox: shutil.rmtree of the folder above the script's is refused; ignore_errors hides it
# (nothing is removed either way).
# expect: PermissionError: [Errno 13] Permission denied: '..'
import shutil
shutil.rmtree("..", ignore_errors=True)
print("ignored")
shutil.rmtree("..")
