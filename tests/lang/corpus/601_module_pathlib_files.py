# pathlib's file operations inside the script's folder: mkdir, touch, read/write, iterdir, stat,
# rename/replace, unlink, rmdir, resolve/absolute/cwd, samefile, home/expanduser.
import os
from pathlib import Path

root = Path('_tmp_601')
root.mkdir()
print(root.exists(), root.is_dir(), root.is_file(), root.is_symlink())
(root / 'a' / 'b').mkdir(parents=True)
(root / 'a' / 'b').mkdir(parents=True, exist_ok=True)
f = root / 'a' / 'one.txt'
print(f.write_text('hello\nworld\n'), f.read_text(), f.read_text().splitlines())
print(f.exists(), f.is_file(), f.is_dir(), f.stat().st_size, f.lstat().st_size)
g = root / 'two.bin'
print(g.write_bytes(b'\x00\x01\xff'), g.read_bytes(), g.write_bytes(bytearray(b'ab')), g.read_bytes())
with (root / 'three.txt').open('w') as fh:
    fh.write('3')
with (root / 'three.txt').open() as fh:
    print(fh.read(), fh.name)
print(open(root / 'three.txt').read(), os.path.getsize(root / 'three.txt'), os.path.exists(root / 'nope'))
h = root / 'empty'
h.touch()
h.touch()
print(h.exists(), h.read_text() == '', h.stat().st_size)
print(sorted(root.iterdir()), sorted(p.name for p in (root / 'a').iterdir()))
print(sorted(os.listdir(root)), [str(p) for p in sorted(Path(root).iterdir())])
print(Path.cwd() == Path(os.getcwd()), Path.cwd().is_absolute(), Path('x').absolute() == Path.cwd() / 'x')
print(Path('/already').absolute(), root.resolve() == Path.cwd() / root, (root / 'a' / '..' / 'two.bin').resolve() == (root / 'two.bin').absolute())
print(root.resolve().relative_to(Path.cwd()), Path('nope/../x').resolve() == Path.cwd() / 'x')
print(f.samefile(root / 'a' / '..' / 'a' / 'one.txt'), f.samefile(str(g)), f.samefile(f))
r = g.rename(root / 'renamed.bin')
print(repr(r), g.exists(), r.exists(), r.read_bytes())
q = r.replace(root / 'three.txt')
print(repr(q), q.read_bytes(), r.exists())
q.unlink()
q.unlink(missing_ok=True)
print(q.exists(), sorted(p.name for p in root.iterdir()))
os.environ['HOME'] = os.getcwd()
print(Path.home() == Path.cwd(), Path('~/x').expanduser() == Path.cwd() / 'x', Path('a/~').expanduser())
del os.environ['HOME']
st = f.stat()
print(type(st).__name__, st.st_size, st.st_mtime > 0, (st.st_mode & 0o170000) == 0o100000)
f.unlink()
h.unlink()
(root / 'a' / 'b').rmdir()
(root / 'a').rmdir()
root.rmdir()
print(root.exists(), root.is_dir(), (root / 'x').is_file())
