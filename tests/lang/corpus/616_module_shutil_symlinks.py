# shutil and symbolic links: copytree with symlinks=False/True and ignore_dangling_symlinks (its
# target is looked up from the working directory, as CPython does), rmtree refusing a link;
# pprint of big ints, namedtuples, ranges and Ellipsis.
import os, shutil, pprint, collections
pprint.pprint([10**30, -5, float('nan'), 1e100, -0.0, 2**64], width=20, underscore_numbers=True)
P = collections.namedtuple('P', 'x y')
pprint.pprint([P(1, 2)] * 4, width=20)
pprint.pprint({'k': range(10), 'l': [None, True, ...]}, width=20)
os.makedirs('_t1/src/sub', exist_ok=True)
open('_t1/src/a.txt', 'w').write('a')
os.symlink('a.txt', '_t1/src/link')
os.symlink('sub', '_t1/src/dlink')
os.symlink('missing', '_t1/src/dangling')
try:
    shutil.copytree('_t1/src', '_t1/c1')
except shutil.Error as e:
    print('Error', e)
shutil.copytree('_t1/src', '_t1/c2', symlinks=True)
shutil.copytree('_t1/src', '_t1/c3', ignore_dangling_symlinks=True)
for d in ['c1', 'c2', 'c3']:
    p = '_t1/' + d
    if os.path.exists(p):
        print(d, sorted((n, os.path.islink(os.path.join(p, n)), os.path.isdir(os.path.join(p, n))) for n in os.listdir(p)))
try:
    shutil.rmtree('_t1/src/dlink')
except OSError as e:
    print(type(e).__name__, e)
shutil.rmtree('_t1')
print(os.path.exists('_t1'))
