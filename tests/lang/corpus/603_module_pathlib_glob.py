# Path.glob / rglob: *, ?, [...], ** and a trailing / (folders only), hidden names, errors.
# Results are sorted: CPython yields them in the file system's order.
from pathlib import Path

root = Path('_tmp_603')
for name in ['a.txt', 'b.txt', 'c.py', '.hidden.txt', 'sub/d.txt', 'sub/e.py', 'sub/deep/f.txt',
             'sub/deep/g.md', 'other/h.txt', 'x1', 'x2', 'x10', 'x[1]', 'y-z']:
    p = root / name
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(name)


def show(pattern, method='glob', base=root):
    try:
        found = sorted(str(p.relative_to(base)) for p in getattr(base, method)(pattern))
        print(method, repr(pattern), found)
    except Exception as e:
        print(method, repr(pattern), type(e).__name__, e)


for pat in ['*.txt', '*', '?.py', 'x?', 'x*', 'x[12]', 'x[!1]', 'x[0-9]*', 'x[[]1]', '[a-b].txt',
            '*/*.txt', '*/*/*', 'sub/*.py', 'sub/deep/*', '**/*.txt', '**', '**/', '*/', 'sub/**',
            'sub/**/*.md', '**/deep/*', 'nothing*', 'a.txt', 'missing.txt', 'sub', 'sub/', '.*',
            '*hidden*', 'y-z', 'y[-]z', '../_tmp_603/a.txt', 'sub/../a.txt', 'a.txt/', '*.txt/']:
    show(pat)
for pat in ['*.txt', '*.py', '*', 'deep', 'd*', '']:
    show(pat, 'rglob')
show('*.txt', 'rglob', root / 'sub')
show('*', 'glob', root / 'missing')
show('*', 'glob', root / 'a.txt')
for pat in ['', '/abs/*', 'a**', '**x/y']:
    show(pat)
show('/x', 'rglob')
print(sorted(root.glob('sub/*'))[:2])
print(type(root.glob('*')).__name__, type(root.rglob('*')).__name__)


def rmtree(p):
    for c in p.iterdir():
        if c.is_dir():
            rmtree(c)
        else:
            c.unlink()
    p.rmdir()


rmtree(root)
print(root.exists())
