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


def fspath(p):
    if isinstance(p, (str, bytes)):
        return p
    raise TypeError('expected str, bytes or os.PathLike object, not %s' % type(p).__name__)


def getcwd():
    return _os.getcwd()


def listdir(path='.'):
    return _os.listdir(path)


def mkdir(path, mode=0o777, *, dir_fd=None):
    _os.mkdir(path)


def makedirs(name, mode=0o777, exist_ok=False):
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
    _os.rmdir(path)


def removedirs(name):
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
    _os.remove(path)


unlink = remove


def rename(src, dst):
    _os.rename(src, dst)


replace = rename


class stat_result:
    def __init__(self, t):
        (self.st_mode, self.st_ino, self.st_dev, self.st_nlink, self.st_uid, self.st_gid,
         self.st_size, self.st_atime, self.st_mtime, self.st_ctime) = t

    def __getitem__(self, i):
        return (self.st_mode, self.st_ino, self.st_dev, self.st_nlink, self.st_uid, self.st_gid,
                self.st_size, int(self.st_atime), int(self.st_mtime), int(self.st_ctime))[i]

    def __repr__(self):
        return ('os.stat_result(st_mode=%d, st_ino=%d, st_dev=%d, st_nlink=%d, st_uid=%d, st_gid=%d, '
                'st_size=%d, st_atime=%d, st_mtime=%d, st_ctime=%d)'
                % (self.st_mode, self.st_ino, self.st_dev, self.st_nlink, self.st_uid, self.st_gid,
                   self.st_size, int(self.st_atime), int(self.st_mtime), int(self.st_ctime)))


def stat(path, *, dir_fd=None, follow_symlinks=True):
    return stat_result(_os.stat(path, follow_symlinks))


def lstat(path, *, dir_fd=None):
    return stat_result(_os.stat(path, False))


def access(name, mode):
    return path.exists(name)


def walk(top, topdown=True, onerror=None, followlinks=False):
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


def get_terminal_size(fd=1):
    raise OSError(25, 'Inappropriate ioctl for device')

