# shutil's copies: copyfile, copy, copy2, copymode, copystat, copyfileobj, and their errors.
import os
import shutil

root = '_tmp_605'
os.makedirs(root + '/dest')
src = os.path.join(root, 'src.txt')
with open(src, 'w') as f:
    f.write('payload\n' * 3)
os.chmod(src, 0o640)
os.utime(src, (1000000000, 1500000000))


def show(fn):
    try:
        print('ok', repr(fn()))
    except Exception as e:
        print(type(e).__name__, e)


print(shutil.copyfile(src, root + '/a.txt'), open(root + '/a.txt').read() == open(src).read())
print(oct(os.stat(root + '/a.txt').st_mode & 0o777) != '0o640' or True)
print(shutil.copy(src, root + '/dest'), oct(os.stat(root + '/dest/src.txt').st_mode & 0o777))
print(shutil.copy(src, root + '/b.txt'), os.path.getsize(root + '/b.txt'))
print(shutil.copy2(src, root + '/c.txt'), os.stat(root + '/c.txt').st_mtime,
      oct(os.stat(root + '/c.txt').st_mode & 0o777))
os.chmod(root + '/a.txt', 0o600)
shutil.copymode(src, root + '/a.txt')
print(oct(os.stat(root + '/a.txt').st_mode & 0o777))
shutil.copystat(src, root + '/a.txt')
print(os.stat(root + '/a.txt').st_mtime)
with open(src, 'rb') as fsrc, open(root + '/d.bin', 'wb') as fdst:
    shutil.copyfileobj(fsrc, fdst, 5)
print(open(root + '/d.bin', 'rb').read())
show(lambda: shutil.copyfile(src, src))
show(lambda: shutil.copyfile(src, root + '/../' + src))
show(lambda: shutil.copy(src, root))
show(lambda: shutil.copyfile(root + '/missing', root + '/x'))
show(lambda: shutil.copyfile(src, root + '/no/such/dir.txt'))
show(lambda: shutil.copyfile(src, root + '/dest'))
show(lambda: shutil.copy(root + '/missing', root + '/dest'))
show(lambda: shutil.copy2(root + '/dest', root + '/e.txt'))
show(lambda: shutil.copymode(root + '/missing', src))
show(lambda: shutil.copystat(src, root + '/missing'))
print(issubclass(shutil.SameFileError, shutil.Error), issubclass(shutil.Error, OSError))
for name in sorted(os.listdir(root + '/dest')):
    os.remove(os.path.join(root, 'dest', name))
os.rmdir(root + '/dest')
for name in sorted(os.listdir(root)):
    os.remove(os.path.join(root, name))
os.rmdir(root)
print(os.path.exists(root))
