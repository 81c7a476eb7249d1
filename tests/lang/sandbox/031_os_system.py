# Sandbox: os has no process functions: os.system is absent, not a stub.
# expect: AttributeError: module 'os' has no attribute 'system'
import os
print(os.sep)
os.system("echo escaped")
