# The `os` module inside the sandbox: files and folders only under the script's folder and the
# run's temporary folder (`_os`, core/lang/module_os.cpp), os.environ a per-run mapping that
# starts from a few safe names and never shows the host's environment. No processes (system,
# popen, exec*, spawn*, fork, kill), no chdir: those are absent, not stubs.
import _os
import os.path as path

name = 'posix'
sep = path.sep
altsep = path.altsep
extsep = path.extsep
pathsep = path.pathsep
curdir = path.curdir
pardir = path.pardir
defpath = path.defpath
devnull = path.devnull
linesep = '\n'
error = OSError
SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2
F_OK = 0
R_OK = 4
W_OK = 2
X_OK = 1


class _Environ:
    def __init__(self, data):
        self._data = data

    def _key(self, key):
        if not isinstance(key, str):
            raise TypeError('str expected, not %s' % type(key).__name__)
        return key

    def __getitem__(self, key):
        try:
            return self._data[self._key(key)]
        except KeyError:
            raise KeyError(key) from None

    def __setitem__(self, key, value):
        self._key(key)
        if not isinstance(value, str):
            raise TypeError('str expected, not %s' % type(value).__name__)
        self._data[key] = value

    def __delitem__(self, key):
        try:
            del self._data[self._key(key)]
        except KeyError:
            raise KeyError(key) from None

    def __contains__(self, key):
        return isinstance(key, str) and key in self._data

    def __iter__(self):
        return iter(list(self._data))

    def __len__(self):
        return len(self._data)

    def __eq__(self, other):
        if isinstance(other, _Environ):
            return self._data == other._data
        return self._data == other

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def get(self, key, default=None):
        if key in self:
            return self._data[key]
        return default

    def setdefault(self, key, value=None):
        if key not in self:
            self[key] = value
        return self._data[key]

    _MISSING = object()

    def pop(self, key, default=_MISSING):
        if key in self:
            return self._data.pop(key)
        if default is _Environ._MISSING:
            raise KeyError(key)
        return default

    def popitem(self):
        if not self._data:
            raise KeyError('popitem(): dictionary is empty')
        return self._data.popitem()

    def update(self, other=(), **kw):
        items = other.items() if hasattr(other, 'items') else other
        for k, v in items:
            self[k] = v
        for k, v in kw.items():
            self[k] = v

    def clear(self):
        self._data.clear()

    def copy(self):
        return dict(self._data)

    def __repr__(self):
        return 'environ(%r)' % (self._data,)


environ = _Environ(_os.environ())


def getenv(key, default=None):
    return environ.get(key, default)


def putenv(key, value):
    environ[key] = value


def unsetenv(key):
    environ.pop(key, None)


fspath = path._fspath


class PathLike:
    # pathlib.PurePath derives from this (no ABC registration here), so isinstance() holds for it
    def __fspath__(self):
        raise NotImplementedError


def getcwd():
    return _os.getcwd()


def listdir(path='.'):
    return _os.listdir(fspath(path))


def mkdir(path, mode=0o777, *, dir_fd=None):
    _os.mkdir(fspath(path))


def makedirs(name, mode=0o777, exist_ok=False):
    name = fspath(name)
    # A path outside the script's folders is refused under its own name, not under the first of
    # its parents the walk below would fail on (exists() is False for what cannot be seen).
    try:
        _os.stat(name)
    except PermissionError:
        raise
    except OSError:
        pass
    _makedirs(name, mode, exist_ok)


def _makedirs(name, mode=0o777, exist_ok=False):
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    if head and tail and not path.exists(head):
        try:
            _makedirs(head, exist_ok=exist_ok)
        except FileExistsError:
            pass
        if tail == curdir:
            return
    try:
        _os.mkdir(name)
    except OSError:
        if not exist_ok or not path.isdir(name):
            raise


def rmdir(path, *, dir_fd=None):
    _os.rmdir(fspath(path))


def removedirs(name):
    name = fspath(name)
    rmdir(name)
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    while head and tail:
        try:
            rmdir(head)
        except OSError:
            break
        head, tail = path.split(head)


def remove(path, *, dir_fd=None):
    _os.remove(fspath(path))


def unlink(path, *, dir_fd=None):
    _os.remove(fspath(path))


def rename(src, dst):
    _os.rename(fspath(src), fspath(dst))


def replace(src, dst, *, src_dir_fd=None, dst_dir_fd=None):
    _os.rename(fspath(src), fspath(dst))


class stat_result:
    def __init__(self, t):
        (self.st_mode, self.st_ino, self.st_dev, self.st_nlink, self.st_uid, self.st_gid,
         self.st_size, self.st_atime, self.st_mtime, self.st_ctime, self.st_atime_ns,
         self.st_mtime_ns, self.st_ctime_ns) = t

    def _fields(self):
        return (self.st_mode, self.st_ino, self.st_dev, self.st_nlink, self.st_uid, self.st_gid,
                self.st_size, int(self.st_atime), int(self.st_mtime), int(self.st_ctime))

    def __getitem__(self, i):
        return self._fields()[i]

    def __len__(self):
        return 10

    def __iter__(self):
        return iter(self._fields())

    def __eq__(self, other):
        if isinstance(other, stat_result):
            return self._fields() == other._fields()
        return self._fields() == other

    def __repr__(self):
        return ('os.stat_result(st_mode=%d, st_ino=%d, st_dev=%d, st_nlink=%d, st_uid=%d, st_gid=%d, '
                'st_size=%d, st_atime=%d, st_mtime=%d, st_ctime=%d)' % self._fields())


def stat(path, *, dir_fd=None, follow_symlinks=True):
    return stat_result(_os.stat(fspath(path), follow_symlinks))


def lstat(path, *, dir_fd=None):
    return stat_result(_os.stat(fspath(path), False))


def access(name, mode):
    return path.exists(name)


def chmod(path, mode, *, dir_fd=None, follow_symlinks=True):
    _os.chmod(fspath(path), mode, follow_symlinks)


def utime(path, times=None, *, ns=None, dir_fd=None, follow_symlinks=True):
    if times is not None and ns is not None:
        raise ValueError('utime: you may specify either \'times\' or \'ns\' but not both')
    if times is not None:
        if not isinstance(times, tuple) or len(times) != 2:
            raise TypeError('utime: \'times\' must be either a tuple of two ints or None')
        ns = (int(times[0] * 1000000000), int(times[1] * 1000000000))
    elif ns is not None:
        if not isinstance(ns, tuple) or len(ns) != 2:
            raise TypeError('utime: \'ns\' must be a tuple of two ints')
    else:
        ns = (None, None)
    try:
        _os.utime(fspath(path), ns[0], ns[1], follow_symlinks)
    except OSError as e:
        if getattr(e, '_graphlens_note', None) is not None:
            raise
        raise OSError(e.errno, e.strerror) from None  # CPython's utime errors name no file


def readlink(path, *, dir_fd=None):
    return _os.readlink(fspath(path))


def symlink(src, dst, target_is_directory=False, *, dir_fd=None):
    _os.symlink(fspath(src), fspath(dst))


class DirEntry:
    # what os.scandir yields: the name, the joined path, and stat() asked for when first needed
    def __init__(self, top, name):
        self.name = name
        self.path = path.join(top, name)
        self._stat = None
        self._lstat = None

    def __fspath__(self):
        return self.path

    def __repr__(self):
        return '<DirEntry %r>' % self.name

    def stat(self, *, follow_symlinks=True):
        if not follow_symlinks:
            if self._lstat is None:
                self._lstat = lstat(self.path)
            return self._lstat
        if self._stat is None:
            self._stat = stat(self.path)
        return self._stat

    def _kind(self, kind, follow_symlinks):
        try:
            return (self.stat(follow_symlinks=follow_symlinks).st_mode & 0o170000) == kind
        except FileNotFoundError:
            return False

    def is_dir(self, *, follow_symlinks=True):
        return self._kind(0o040000, follow_symlinks)

    def is_file(self, *, follow_symlinks=True):
        return self._kind(0o100000, follow_symlinks)

    def is_symlink(self):
        return self._kind(0o120000, False)

    def inode(self):
        return self.stat(follow_symlinks=False).st_ino


class _ScandirIterator:
    def __init__(self, top, names):
        self._top = top
        self._it = iter(names)

    def __iter__(self):
        return self

    def __next__(self):
        return DirEntry(self._top, next(self._it))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self._it = iter(())


def scandir(path='.'):
    path = fspath(path)
    # CPython's entry paths join onto the folder as given ('.' included)
    return _ScandirIterator(path, _os.listdir(path))


def walk(top, topdown=True, onerror=None, followlinks=False):
    top = fspath(top)
    try:
        names = listdir(top)
    except OSError as e:
        if onerror is not None:
            onerror(e)
        return
    dirs = []
    nondirs = []
    for n in names:
        if path.isdir(path.join(top, n)):
            dirs.append(n)
        else:
            nondirs.append(n)
    if topdown:
        yield top, dirs, nondirs
    for d in dirs:
        new_path = path.join(top, d)
        if followlinks or not path.islink(new_path):
            yield from walk(new_path, topdown, onerror, followlinks)
    if not topdown:
        yield top, dirs, nondirs


def cpu_count():
    return _os.cpu_count()


class terminal_size:
    # os.terminal_size, a (columns, lines) pair
    def __init__(self, t):
        t = tuple(t)
        if len(t) != 2:
            raise TypeError('os.terminal_size() takes a 2-sequence (%d-sequence given)' % len(t))
        self.columns, self.lines = t

    def __getitem__(self, i):
        return (self.columns, self.lines)[i]

    def __len__(self):
        return 2

    def __iter__(self):
        return iter((self.columns, self.lines))

    def __eq__(self, other):
        if isinstance(other, terminal_size):
            other = (other.columns, other.lines)
        return (self.columns, self.lines) == other

    def __hash__(self):
        return hash((self.columns, self.lines))

    def __repr__(self):
        return 'os.terminal_size(columns=%r, lines=%r)' % (self.columns, self.lines)


def get_terminal_size(fd=1):
    # a script's output is never a terminal (it goes to the host's views)
    raise OSError(25, 'Inappropriate ioctl for device')

