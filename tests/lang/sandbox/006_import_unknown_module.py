# Sandbox: third-party modules that GraphLens does not implement are refused by name.
# expect: ModuleNotFoundError: No module named 'requests'
import time
print(time.time() > 0)
import requests
