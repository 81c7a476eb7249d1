# The errors of open() and os: missing files, wrong modes, closed files, unsupported operations.
import io
import os

os.makedirs("_tmp_565", exist_ok=True)
name = "_tmp_565/x.txt"
with open(name, "w") as f:
    f.write("x")


def show(fn):
    try:
        fn()
        print("ok")
    except Exception as e:
        print(type(e).__name__, e)


show(lambda: open("_tmp_565/missing.txt"))
show(lambda: open("_tmp_565/no/such/dir.txt", "w"))
show(lambda: open(name, "rw"))
show(lambda: open(name, "rr"))
show(lambda: open(name, "b"))
show(lambda: open(name, "rbt"))
show(lambda: open(name, "rb", encoding="utf-8"))
show(lambda: open(name, 3))
show(lambda: open(name, encoding="no-such-codec"))
show(lambda: open(name, "x"))
show(lambda: open(name, "w").read())
show(lambda: open(name, "r").write("y"))
show(lambda: open(name, "wb").read())
show(lambda: open(name, "rb").write(b"y"))
show(lambda: open(name, "w").write(b"bytes"))
show(lambda: open(name, "wb").write("str"))
show(lambda: open(name).seek(1, 1))
show(lambda: open("_tmp_565"))
show(lambda: os.listdir(name))
show(lambda: os.mkdir("_tmp_565"))
show(lambda: os.makedirs("_tmp_565"))
show(lambda: os.remove("_tmp_565"))
show(lambda: os.rmdir("_tmp_565"))
show(lambda: os.rename("_tmp_565/nope", "_tmp_565/other"))
show(lambda: os.remove("_tmp_565/nope"))
f = open(name)
f.close()
show(lambda: f.read())
show(lambda: f.__enter__())
try:
    open("_tmp_565/missing.txt")
except OSError as e:
    print(e.errno, e.strerror, e.filename, e.args, isinstance(e, FileNotFoundError))
try:
    open(name, "w").read()
except ValueError as e:
    print(isinstance(e, io.UnsupportedOperation), isinstance(e, OSError))
e = OSError(2, "No such file", "f.txt")
print(type(e).__name__, e, e.args, OSError("plain"), OSError(1, 2, 3, 4, 5, 6))
os.remove(name)
os.rmdir("_tmp_565")
