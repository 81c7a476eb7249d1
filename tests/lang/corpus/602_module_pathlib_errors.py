# pathlib's file errors, as CPython 3.11 words them (the path in each is the one asked for).
import os
from pathlib import Path

root = Path('_tmp_602')
root.mkdir(exist_ok=True)
(root / 'f.txt').write_text('x')
(root / 'd').mkdir(exist_ok=True)


def show(fn):
    try:
        r = fn()
        print('ok', r)
    except Exception as e:
        print(type(e).__name__, e, repr(getattr(e, 'filename', None)))


show(lambda: root.mkdir())
show(lambda: (root / 'f.txt').mkdir(exist_ok=True))
show(lambda: (root / 'no' / 'deeper').mkdir())
show(lambda: (root / 'no' / 'deeper').mkdir(exist_ok=True))
show(lambda: (root / 'missing.txt').read_text())
show(lambda: (root / 'missing.txt').read_bytes())
show(lambda: (root / 'd').read_text())
show(lambda: (root / 'missing.txt').unlink())
show(lambda: (root / 'missing.txt').stat())
show(lambda: (root / 'missing.txt').rename(root / 'x'))
show(lambda: (root / 'missing').rmdir())
show(lambda: root.rmdir())
show(lambda: (root / 'f.txt').rmdir())
show(lambda: (root / 'd').unlink())
show(lambda: list((root / 'missing').iterdir()))
show(lambda: list((root / 'f.txt').iterdir()))
show(lambda: (root / 'f.txt').touch(exist_ok=False))
show(lambda: (root / 'f.txt').write_text(b'bytes'))
show(lambda: (root / 'f.txt').write_bytes('str'))
show(lambda: (root / 'missing.txt').samefile(root / 'f.txt'))
show(lambda: (root / 'missing.txt').resolve(strict=True))
show(lambda: (root / 'f.txt' / 'x').exists())
show(lambda: (root / 'missing.txt').is_dir())
show(lambda: (root / 'f.txt').open('q'))
show(lambda: (root / 'missing.txt').open())
os.remove(root / 'f.txt')
os.rmdir(root / 'd')
root.rmdir()
print(root.exists())
