# Text files: UTF-8 characters, read(n) counts characters, universal newlines, newline='', decode errors.
import os

os.makedirs("_tmp_568", exist_ok=True)
name = "_tmp_568/u.txt"
with open(name, "w", encoding="utf-8") as f:
    print(f.write("héllo wörld ✓ 𝄞\n"))
with open(name, encoding="utf-8") as f:
    print(f.read(2), f.read(4), repr(f.read()))
print(os.path.getsize(name))
with open(name, "wb") as f:
    f.write(b"a\r\nb\rc\nd")
with open(name) as f:
    print(repr(f.read()))
with open(name, newline="") as f:
    print(repr(f.read()))
with open(name) as f:
    print(f.readlines())
with open(name, "wb") as f:
    f.write(b"ok \xff bad")
try:
    open(name, encoding="utf-8").read()
except UnicodeDecodeError as e:
    print("UnicodeDecodeError", e)
print(repr(open(name, encoding="utf-8", errors="replace").read()))
print(repr(open(name, encoding="latin-1").read()))
with open(name, "w", encoding="ascii", errors="replace") as f:
    f.write("é!")
print(open(name, "rb").read())
try:
    open(name, "w", encoding="ascii").write("é")
except UnicodeEncodeError as e:
    print("UnicodeEncodeError", e)
os.remove(name)
os.rmdir("_tmp_568")
