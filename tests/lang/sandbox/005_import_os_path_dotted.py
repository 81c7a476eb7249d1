# Sandbox: a `..` path out of the script's folder is refused, naming the path as written.
# expect: PermissionError: Permission denied: '../corpus/001_literals_int_forms.py'
import os.path
p = os.path.join("..", "corpus", "001_literals_int_forms.py")
print(os.path.exists(p))
with open(p) as f:
    print(f.read())
print("not reached")
