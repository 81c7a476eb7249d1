# open() in binary mode: bytes in and out, seek with whence, tell, readline of bytes, truncate.
import os

os.makedirs("_tmp_562", exist_ok=True)
name = "_tmp_562/data.bin"
with open(name, "wb") as f:
    print(f.write(bytes(range(10))), f.write(b"\nline two\n"), f.tell(), f.mode)
with open(name, "rb") as f:
    print(f.read(4), f.tell())
    print(f.seek(-3, 2), f.read())
    print(f.seek(2), f.seek(3, 1), f.read(2))
    f.seek(0)
    print(f.readline())
    print(f.readlines())
    print(f.read(), f.read(5))
with open(name, "r+b") as f:
    f.truncate(4)
    f.seek(0, 2)
    f.write(bytearray(b"XY"))
    f.seek(0)
    print(f.read(), f.mode)
with open(name, "ab") as f:
    f.write(b"!")
print(open(name, "rb").read(), os.path.getsize(name), os.stat(name).st_size)
print(type(open(name, "rb")).__name__, type(open(name, "wb")).__name__, type(open(name, "r+b")).__name__)
os.remove(name)
os.rmdir("_tmp_562")
