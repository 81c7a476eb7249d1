# fnmatch (fnmatch, fnmatchcase, filter) and glob (glob, iglob, recursive=, include_hidden=,
# root_dir=, escape, has_magic). glob results are sorted: CPython lists folders in the file
# system's order.
import fnmatch
import glob
import os

names = ['a.py', 'b.PY', '.hidden', 'x[1]', 'x1', 'a-b', ']', '[', '!', 'abc', 'a/b.py', '']
for pat in ['*', '*.py', '?', 'a*', '[ab]*', '[!a]*', '[a-c]bc', '[]]', '[!]]', '[', '[!', 'x[[]1]',
            'x[1]', '[z-a]', '[!z-a]', 'a[-]b', '*/*', '**', '[*]', '\\*', '*.[pP][yY]', 'a?c', '']:
    print(repr(pat), fnmatch.filter(names, pat))
print(fnmatch.fnmatch('A.TXT', '*.txt'), fnmatch.fnmatchcase('a.txt', '*.txt'), fnmatch.fnmatch('a/b', 'a*b'))
print(fnmatch.fnmatchcase(b'ab', b'a?'), fnmatch.filter([b'x.py', b'y'], b'*.py'))
for a, b in [('x', b'x'), (b'x', 'x')]:
    try:
        fnmatch.fnmatch(a, b)
    except TypeError as e:
        print('TypeError', e)

root = '_tmp_604'
for n in ['a.txt', 'b.txt', '.h.txt', 'sub/c.txt', 'sub/.d.txt', 'sub/deep/e.txt', '.hid/f.txt', 'q?']:
    p = os.path.join(root, n)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, 'w') as f:
        f.write(n)


def show(*args, **kw):
    print(args, kw, sorted(glob.glob(*args, **kw)))


show(root + '/*.txt')
show(root + '/*')
show(root + '/.*')
show(root + '/*', include_hidden=True)
show(root + '/*/*.txt')
show(root + '/**/*.txt')
show(root + '/**/*.txt', recursive=True)
show(root + '/**', recursive=True)
show(root + '/**/', recursive=True)
show(root + '/**', recursive=True, include_hidden=True)
show(root + '/sub/')
show(root + '/a.txt')
show(root + '/missing.txt')
show(root + '/a.txt/')
show(root + '/*/')
show(root + '/q?')
show(root + '/' + glob.escape('q?'))
show('*.txt', root_dir=root)
show('**', root_dir=root, recursive=True)
show('**/*.txt', root_dir=os.path.join(root, 'sub'), recursive=True)
show(root + '/nothing/*')
show('')
print(sorted(glob.iglob(root + '/s*/*.txt')), type(glob.iglob('*')).__name__)
print(glob.escape('a[b]*?c'), glob.escape('plain'), glob.has_magic('a*'), glob.has_magic('abc'))
print(sorted(glob.glob(root.encode() + b'/*.txt')))
for top, dirs, files in sorted(os.walk(root, topdown=False)):
    pass
for top, dirs, files in sorted(os.walk(root), reverse=True):
    for f in files:
        os.remove(os.path.join(top, f))
    os.rmdir(top)
print(os.path.exists(root))
