# open() in text mode: write, read back with read/readline/readlines/iteration, append, seek/tell, with.
import os

os.makedirs("_tmp_561", exist_ok=True)
name = os.path.join("_tmp_561", "notes.txt")
with open(name, "w", encoding="utf-8") as f:
    print(f.write("first line\n"), f.writable(), f.readable(), f.closed)
    f.writelines(["second\n", "third"])
print(f.closed)
f = open(name, encoding="utf-8")
print(repr(f.read()))
print(f.seek(0), repr(f.readline()), f.tell(), repr(f.read(3)), f.tell())
print(f.readlines())
print(repr(f.read()), repr(f.readline()))
f.close()
with open(name, "a") as f:
    f.write("\nfourth\n")
with open(name) as f:
    for i, line in enumerate(f):
        print(i, repr(line))
with open(name, "r+") as f:
    f.write("FIRST")
    f.seek(0)
    print(repr(f.readline()), f.name, f.mode)
with open(name, "w") as f:
    pass
print(os.path.getsize(name), repr(open(name).read()))
os.remove(name)
os.rmdir("_tmp_561")
print(os.path.exists("_tmp_561"))
