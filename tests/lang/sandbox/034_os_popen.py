# Sandbox: no subprocesses through os either.
# expect: AttributeError: module 'os' has no attribute 'popen'
import os
print(os.popen("ls").read())
