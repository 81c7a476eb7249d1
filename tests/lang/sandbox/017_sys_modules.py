# Sandbox: sys offers only stdout, stderr, argv and a few constants, not the module table.
# expect: AttributeError: module 'sys' has no attribute 'modules'
import sys
print(sys.maxsize > 0)
loaded = sys.modules
print(sorted(loaded))
