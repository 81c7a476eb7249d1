# Sandbox: shutil.move cannot move a file out of the run's folders, and does not fall back to
# copying it there.
# expect: PermissionError: [Errno 13] Permission denied: '/tmp/graphlens-sandbox-move.txt'
import shutil
import tempfile
src = tempfile.gettempdir() + "/src.txt"
with open(src, "w") as f:
    f.write("inside")
shutil.move(src, "/tmp/graphlens-sandbox-move.txt")
