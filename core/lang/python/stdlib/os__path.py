# `os.path` for POSIX paths: string operations, and the file queries through `_os`, which
# answers only inside the script's folders (core/lang/module_os.cpp).
import _os

sep = '/'
altsep = None
extsep = '.'
pathsep = ':'
curdir = '.'
pardir = '..'
defpath = '/bin:/usr/bin'
devnull = '/dev/null'
supports_unicode_filenames = False


def _fspath(p):
    # os.fspath: str and bytes as they are, anything else through its type's __fspath__
    if isinstance(p, (str, bytes)):
        return p
    f = getattr(type(p), '__fspath__', None)
    if f is None:
        raise TypeError('expected str, bytes or os.PathLike object, not %s' % type(p).__name__)
    r = f(p)
    if isinstance(r, (str, bytes)):
        return r
    raise TypeError('expected %s.__fspath__() to return str or bytes, not %s'
                    % (type(p).__name__, type(r).__name__))


def _fs(name, p):
    if isinstance(p, (str, bytes)):
        return p
    if getattr(type(p), '__fspath__', None) is None:
        raise TypeError('%s() argument must be str, bytes, or os.PathLike object, not %r'
                        % (name, type(p).__name__))
    return _fspath(p)


def _sep(p):
    return b'/' if isinstance(p, bytes) else '/'


def isabs(s):
    s = _fs('isabs', s)
    return s.startswith(_sep(s))


def join(a, *p):
    a = _fs('join', a)
    p = [_fs('join', b) for b in p]
    sep = _sep(a)
    path = a
    for b in p:
        if isinstance(b, bytes) != isinstance(a, bytes):
            raise TypeError("Can't mix strings and bytes in path components")
        if b.startswith(sep):
            path = b
        elif not path or path.endswith(sep):
            path += b
        else:
            path += sep + b
    return path


def split(p):
    p = _fs('split', p)
    sep = _sep(p)
    i = p.rfind(sep) + 1
    head, tail = p[:i], p[i:]
    if head and head != sep * len(head):
        head = head.rstrip(sep)
    return head, tail


def splitext(p):
    p = _fs('splitext', p)
    sep_index = p.rfind('/')
    dot_index = p.rfind('.')
    if dot_index > sep_index:
        # a name's leading dots (".bashrc") are not an extension
        i = sep_index + 1
        while i < dot_index:
            if p[i] != '.':
                return p[:dot_index], p[dot_index:]
            i += 1
    return p, p[:0]


def splitdrive(p):
    p = _fspath(p)
    return p[:0], p


def basename(p):
    p = _fs('basename', p)
    return p[p.rfind(_sep(p)) + 1:]


def dirname(p):
    p = _fs('dirname', p)
    sep = _sep(p)
    head = p[:p.rfind(sep) + 1]
    if head and head != sep * len(head):
        head = head.rstrip(sep)
    return head


def normpath(path):
    path = _fs('normpath', path)
    if path == '':
        return '.'
    initial = 0
    if path.startswith('/'):
        # POSIX keeps exactly two leading slashes, three or more are one
        initial = 2 if path.startswith('//') and not path.startswith('///') else 1
    parts = []
    for comp in path.split('/'):
        if comp in ('', '.'):
            continue
        if comp != '..' or (not initial and not parts) or (parts and parts[-1] == '..'):
            parts.append(comp)
        elif parts:
            parts.pop()
    result = '/' * initial + '/'.join(parts)
    return result or '.'


def abspath(path):
    path = _fs('abspath', path)
    if not path.startswith('/'):
        path = join(_os.getcwd(), path)
    return normpath(path)


def realpath(path, strict=False):
    path = _fspath(path)
    try:
        resolved = _os.realpath(path)
    except OSError:
        if strict:
            raise
        return abspath(path)
    if strict:
        _os.stat(path, True)  # a missing part is FileNotFoundError, as CPython's walk finds it
    return resolved


def relpath(path, start=None):
    path = _fspath(path)
    if not path:
        raise ValueError('no path specified')
    if start is None:
        start = curdir
    path = _fs('relpath', path)
    start = _fs('relpath', start)
    start_list = [x for x in abspath(start).split('/') if x]
    path_list = [x for x in abspath(path).split('/') if x]
    i = 0
    while i < len(start_list) and i < len(path_list) and start_list[i] == path_list[i]:
        i += 1
    rel = [pardir] * (len(start_list) - i) + path_list[i:]
    if not rel:
        return curdir
    return join(*rel)


def commonprefix(m):
    if not m:
        return ''
    m = [_fspath(x) for x in m]
    lo, hi = min(m), max(m)
    for i, c in enumerate(lo):
        if c != hi[i]:
            return lo[:i]
    return lo


def expanduser(path):
    # ~ is $HOME of the run's own os.environ; without it (the default) paths stay as written
    path = _fs('expanduser', path)
    if not path.startswith('~'):
        return path
    i = path.find('/', 1)
    if i < 0:
        i = len(path)
    if i != 1:
        return path
    import os
    home = os.environ.get('HOME')
    if home is None:
        return path
    home = home.rstrip('/')
    return (home + path[i:]) or '/'


def expandvars(path):
    path = _fs('expandvars', path)
    if '$' not in path:
        return path
    import os
    out = ''
    i = 0
    while i < len(path):
        c = path[i]
        if c != '$':
            out += c
            i += 1
            continue
        j = i + 1
        if j < len(path) and path[j] == '{':
            k = path.find('}', j)
            if k < 0:
                out += path[i:]
                break
            name = path[j + 1:k]
            end = k + 1
        else:
            k = j
            while k < len(path) and (path[k].isalnum() or path[k] == '_'):
                k += 1
            name = path[j:k]
            end = k
        if name and name in os.environ:
            out += os.environ[name]
        else:
            out += path[i:end]
        i = end
    return out


def _stat(path, follow=True):
    return _os.stat(_fspath(path), follow)


def exists(path):
    try:
        _os.stat(_fspath(path), True)
    except (OSError, ValueError):
        return False
    return True


def lexists(path):
    try:
        _os.stat(_fspath(path), False)
    except (OSError, ValueError):
        return False
    return True


def _mode_is(path, kind, follow=True):
    try:
        mode = _os.stat(_fspath(path), follow)[0]
    except (OSError, ValueError):
        return False
    return (mode & 0o170000) == kind


def isfile(path):
    return _mode_is(path, 0o100000)


def isdir(s):
    return _mode_is(s, 0o040000)


def islink(path):
    return _mode_is(path, 0o120000, False)


def ismount(path):
    return False


def getsize(filename):
    return _os.stat(_fspath(filename), True)[6]


def getmtime(filename):
    return _os.stat(_fspath(filename), True)[8]


def getatime(filename):
    return _os.stat(_fspath(filename), True)[7]


def getctime(filename):
    return _os.stat(_fspath(filename), True)[9]


def samefile(f1, f2):
    s1 = _os.stat(_fspath(f1), True)
    s2 = _os.stat(_fspath(f2), True)
    return s1[1] == s2[1] and s1[2] == s2[2]


def samestat(s1, s2):
    return s1.st_ino == s2.st_ino and s1.st_dev == s2.st_dev


def normcase(s):
    return _fs('normcase', s)
