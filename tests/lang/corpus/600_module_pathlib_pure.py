# pathlib's pure paths: parsing, joining, the name parts, comparisons (no file is touched).
import os
from pathlib import PurePath, PurePosixPath, Path, PosixPath

for args in [(), ('',), ('.',), ('a',), ('a/b',), ('a', 'b/c'), ('/a', 'b'), ('a', '/b', 'c'),
             ('a//b',), ('a/./b',), ('a/../b',), ('//a',), ('///a',), ('/',), ('a/',),
             ('./a',), ('~/x',), ('a', '', 'b'), (PurePath('x'), 'y')]:
    p = PurePath(*args)
    print(repr(args), repr(p), str(p), p.parts, repr(p.root), repr(p.anchor), p.is_absolute())
print(type(PurePath('a')).__name__, type(Path('a')).__name__, type(PurePosixPath('a')).__name__)
p = PurePosixPath('/usr/lib/python3.11/site.tar.gz')
print(p.name, p.stem, p.suffix, p.suffixes, p.parent, p.drive == '')
for name in ['', 'a', '.bashrc', 'a.', 'a.b.', '..', 'x.tar.gz', '.a.b', 'a..b']:
    q = PurePath('d', name) if name else PurePath('d').parent
    print(repr(name), repr(q.name), repr(q.stem), repr(q.suffix), q.suffixes)
print(list(p.parents), len(p.parents), p.parents[0], p.parents[-1], p.parents[1:3])
print(list(PurePath('a/b/c').parents), list(PurePath('.').parents), PurePath('.').parent)
print(PurePath('/').parent, PurePath('/a').parent, PurePath('a').parent)
print(repr(p.parents))
try:
    p.parents[10]
except IndexError as e:
    print('IndexError', e)
print(PurePath('a') / 'b' / PurePath('c'), 'x' / PurePath('y'), PurePath('a') / '/abs')
print(PurePath('a').joinpath('b', 'c'), PurePath('/a').joinpath('/b', 'c'))
try:
    PurePath('a') / 3
except TypeError as e:
    print('TypeError', e)
try:
    3 / PurePath('a')
except TypeError as e:
    print('TypeError', e)
try:
    PurePath(3)
except TypeError as e:
    print('TypeError', e)
try:
    PurePath(b'x')
except TypeError as e:
    print('TypeError', e)
print(PurePath('a') == PurePath('a'), PurePath('a') == PurePath('a/'), PurePath('a') == 'a',
      PurePath('a') == Path('a'), PurePath('A') == PurePath('a'))
print(hash(PurePath('a/b')) == hash(PurePath('a', 'b')), len({PurePath('a'), PurePosixPath('a'), Path('a')}))
print(sorted([PurePath('b'), PurePath('/z'), PurePath('a/c'), PurePath('a')]))
print(PurePath('a') < PurePath('b'), PurePath('a') <= PurePath('a'), PurePath('b') > PurePath('a/z'))
try:
    PurePath('a') < 'b'
except TypeError as e:
    print('TypeError', e)
print(os.fspath(PurePath('a/b')), str(PurePath('a/b')), bytes(PurePath('a/b')), PurePath('a/b').as_posix())
print(isinstance(PurePath('a'), os.PathLike), PurePath('/a b/c%').as_uri())
try:
    PurePath('a').as_uri()
except ValueError as e:
    print('ValueError', e)
p = PurePath('/a/b/c.txt')
print(p.with_name('d.py'), p.with_stem('e'), p.with_suffix('.md'), p.with_suffix(''), PurePath('a.tar.gz').with_suffix('.bz2'))
print(PurePath('x').with_suffix('.a'), PurePath('x.').with_suffix('.b'))
for fn in [lambda: PurePath('/').with_name('x'), lambda: p.with_name(''), lambda: p.with_name('a/b'),
           lambda: p.with_name('/x'), lambda: p.with_suffix('txt'), lambda: p.with_suffix('.'),
           lambda: p.with_suffix('./a'), lambda: PurePath('').with_suffix('.x'), lambda: p.with_name('.'),
           lambda: PurePath('a/..').with_stem('b')]:
    try:
        print(fn())
    except ValueError as e:
        print('ValueError', e)
print(p.relative_to('/'), p.relative_to('/a'), p.relative_to('/a/b/c.txt'), p.relative_to('/a', 'b'))
print(PurePath('a/b').relative_to('a'), PurePath('a/b').relative_to(''), repr(PurePath('a').relative_to('a')))
for a, b in [('/a/b', '/c'), ('a/b', '/a'), ('/a', 'a'), ('a', 'a/b'), ('/a', '')]:
    try:
        PurePath(a).relative_to(b)
    except ValueError as e:
        print('ValueError', e)
try:
    p.relative_to()
except TypeError as e:
    print('TypeError', e)
print(p.is_relative_to('/a'), p.is_relative_to('/x'), PurePath('a').is_relative_to('a'))
for path, pat in [('a/b.py', '*.py'), ('a/b.py', 'b.py'), ('a/b.py', 'a/*.py'), ('/a/b.py', '/*.py'),
                  ('/a/b.py', '/a/*.py'), ('a/b.py', '/a/*.py'), ('b.py', 'a/b.py'), ('a/b/c.py', 'a/*.py'),
                  ('a/b/c.py', '**/*.py'), ('x.PY', '*.py'), ('abc', 'a?c'), ('abc', 'a[bx]c'),
                  ('abc', 'a[!b]c'), ('a.txt', '*.[tx]xt'), ('.hidden', '*')]:
    print(path, pat, PurePath(path).match(pat))
try:
    PurePath('a').match('')
except ValueError as e:
    print('ValueError', e)
print(PurePath('a').is_reserved(), PurePath('a/b').drive)
