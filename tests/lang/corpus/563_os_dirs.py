# os folders: makedirs(exist_ok), mkdir, listdir, walk, rename, remove/unlink, rmdir, exists/isfile/isdir.
import os

root = "_tmp_563"
os.makedirs(os.path.join(root, "a", "b"))
os.makedirs(os.path.join(root, "a", "b"), exist_ok=True)
os.mkdir(os.path.join(root, "c"))
for n in ["a/one.txt", "a/b/two.txt", "three.txt"]:
    with open(os.path.join(root, n), "w") as f:
        f.write(n)
print(sorted(os.listdir(root)))
for top, dirs, files in sorted(os.walk(root)):  # listdir's order is the file system's
    print(top, sorted(dirs), sorted(files))
print(os.path.exists(root + "/three.txt"), os.path.isfile(root + "/three.txt"), os.path.isdir(root + "/three.txt"))
print(os.path.isdir(root + "/a"), os.path.exists(root + "/nothing"), os.path.getsize(root + "/a/b/two.txt"))
os.rename(root + "/three.txt", root + "/c/3.txt")
print(sorted(os.listdir(root + "/c")), os.path.exists(root + "/three.txt"))
os.replace(root + "/c/3.txt", root + "/c/4.txt")
os.unlink(root + "/c/4.txt")
os.remove(root + "/a/one.txt")
os.remove(root + "/a/b/two.txt")
os.rmdir(root + "/a/b")
os.rmdir(root + "/a")
os.rmdir(root + "/c")
print(os.listdir(root))
os.rmdir(root)
print(os.path.exists(root))
