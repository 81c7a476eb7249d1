# Sandbox: a recursive glob that climbs out through `..` is refused.
# expect: PermissionError: [Errno 13] Permission denied: '../'
import glob
print(glob.glob("../**/*.py", recursive=True))
