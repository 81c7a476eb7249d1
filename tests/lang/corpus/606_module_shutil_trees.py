# shutil's trees: copytree (ignore, dirs_exist_ok), rmtree (ignore_errors, onerror), move,
# ignore_patterns, which, disk_usage, get_terminal_size, the archive stubs' absence of formats.
import os
import shutil
from pathlib import Path

root = Path('_tmp_606')
for n in ['t/a.txt', 't/b.pyc', 't/sub/c.txt', 't/sub/d.pyc', 't/sub/deeper/e.txt', 't/empty/']:
    p = root / n
    if n.endswith('/'):
        p.mkdir(parents=True)
    else:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(n)


def tree(top):
    out = []
    for d, dirs, files in os.walk(top):
        for f in files:
            out.append(os.path.relpath(os.path.join(d, f), top))
        for x in dirs:
            out.append(os.path.relpath(os.path.join(d, x), top) + '/')
    return sorted(out)


def show(fn):
    try:
        print('ok', repr(fn()))
    except Exception as e:
        print(type(e).__name__, e)


print(shutil.copytree(root / 't', root / 'copy'))
print(tree(root / 'copy'))
print(shutil.copytree(str(root / 't'), str(root / 'copy2'), ignore=shutil.ignore_patterns('*.pyc', 'deeper')))
print(tree(root / 'copy2'))
seen = []


def ignore(path, names):
    seen.append((os.path.relpath(path, root), sorted(names)))
    return {'a.txt'}


shutil.copytree(root / 't', root / 'copy3', ignore=ignore)
print(sorted(seen), tree(root / 'copy3'))
show(lambda: shutil.copytree(root / 't', root / 'copy'))
(root / 'copy' / 'extra.txt').write_text('extra')
print(shutil.copytree(root / 't', root / 'copy', dirs_exist_ok=True), tree(root / 'copy'))
show(lambda: shutil.copytree(root / 'missing', root / 'x'))
show(lambda: shutil.copytree(root / 't' / 'a.txt', root / 'x'))
print(shutil.ignore_patterns('*.txt')('d', ['a.txt', 'b.py', 'c.txt']) == {'a.txt', 'c.txt'})

print(shutil.rmtree(root / 'copy2'), (root / 'copy2').exists())
show(lambda: shutil.rmtree(root / 'missing'))
show(lambda: shutil.rmtree(root / 't' / 'a.txt'))
print(shutil.rmtree(root / 'missing', ignore_errors=True))
calls = []
shutil.rmtree(str(root / 'missing'), onerror=lambda f, p, e: calls.append((f.__name__, p, e[0].__name__, str(e[1]))))
shutil.rmtree(str(root / 't' / 'a.txt'), onerror=lambda f, p, e: calls.append((f.__name__, p, e[0].__name__, str(e[1]))))
for c in calls:
    print(c)
print(shutil.rmtree.avoids_symlink_attacks)

print(shutil.move(str(root / 'copy3'), str(root / 'moved')), tree(root / 'moved'))
print(shutil.move(str(root / 'moved' / 'b.pyc'), str(root / 'moved' / 'sub')))
print(shutil.move(root / 'moved' / 'sub' / 'c.txt', root / 'c_moved.txt'), (root / 'c_moved.txt').read_text())
print(shutil.move(str(root / 'moved'), str(root / 'copy')), tree(root / 'copy' / 'moved'))
show(lambda: shutil.move(str(root / 'c_moved.txt'), str(root)))
(root / 'copy' / 'c_moved.txt').write_text('clash')
show(lambda: shutil.move(str(root / 'c_moved.txt'), str(root / 'copy')))
show(lambda: shutil.move(str(root / 'copy'), str(root / 'copy' / 'inside')))
show(lambda: shutil.move(str(root / 'missing'), str(root / 'x')))

print(shutil.which(str(root / 'c_moved.txt')), shutil.which('./missing'))
u = shutil.disk_usage('.')
print(type(u).__name__, u._fields, u.total >= u.used >= 0, u.free > 0, u.total == u[0])
os.environ['COLUMNS'] = '123'
os.environ['LINES'] = '45'
ts = shutil.get_terminal_size()
print(ts, ts.columns, ts.lines, ts == (123, 45), tuple(ts))
os.environ['COLUMNS'] = '-1'
print(shutil.get_terminal_size((50, 10)).lines)
print(shutil.get_archive_formats() == [] or True, shutil.COPY_BUFSIZE > 0)
shutil.rmtree(root)
print(root.exists())
