# Error case: reading a file opened for writing raises io.UnsupportedOperation.
import os

f = open("_tmp_567.txt", "w")
try:
    f.read()
finally:
    f.close()
    os.remove("_tmp_567.txt")
