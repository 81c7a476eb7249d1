# Sandbox: no network access.
# expect: ModuleNotFoundError: No module named 'socket'
import math
print(math.pi)
import socket
