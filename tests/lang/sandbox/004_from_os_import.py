# Sandbox: `from os import ...` finds no process functions (os.system and friends are absent).
# expect: ImportError: cannot import name 'system' from 'os'
from os import path
print(path.join("a", "b"))
from os import system
system("ls")
print("not reached")
