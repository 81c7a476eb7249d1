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


def _check(name, *paths):
    for p in paths:
        if not isinstance(p, (str, bytes)):
            raise TypeError('%s() argument must be str, bytes, or os.PathLike object, not %r'
                            % (name, type(p).__name__))


def isabs(s):
    _check('isabs', s)
    return s.startswith('/')


def join(a, *p):
    _check('join', a, *p)
    path = a
    for b in p:
        if b.startswith('/'):
            path = b
        elif not path or path.endswith('/'):
            path += b
        else:
            path += '/' + b
    return path


def split(p):
    _check('split', p)
    i = p.rfind('/') + 1
    head, tail = p[:i], p[i:]
    if head and head != '/' * len(head):
        head = head.rstrip('/')
    return head, tail


def splitext(p):
    _check('splitext', p)
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
    return p[:0], p


def basename(p):
    _check('basename', p)
    return p[p.rfind('/') + 1:]


def dirname(p):
    _check('dirname', p)
    head = p[:p.rfind('/') + 1]
    if head and head != '/' * len(head):
        head = head.rstrip('/')
    return head


def normpath(path):
    _check('normpath', path)
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
    _check('abspath', path)
    if not path.startswith('/'):
        path = join(_os.getcwd(), path)
    return normpath(path)


def realpath(path, strict=False):
    try:
        return _os.realpath(path)
    except OSError:
        if strict:
            raise
        return abspath(path)


def relpath(path, start=None):
    if not path:
        raise ValueError('no path specified')
    if start is None:
        start = curdir
    _check('relpath', path, start)
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
    lo, hi = min(m), max(m)
    for i, c in enumerate(lo):
        if c != hi[i]:
            return lo[:i]
    return lo


def expanduser(path):
    # ~ is $HOME of the run's own os.environ; without it (the default) paths stay as written
    _check('expanduser', path)
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
    _check('expandvars', path)
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
    return _os.stat(path, follow)


def exists(path):
    try:
        _os.stat(path, True)
    except (OSError, ValueError):
        return False
    return True


def lexists(path):
    try:
        _os.stat(path, False)
    except (OSError, ValueError):
        return False
    return True


def _mode_is(path, kind, follow=True):
    try:
        mode = _os.stat(path, follow)[0]
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
    return _os.stat(filename, True)[6]


def getmtime(filename):
    return _os.stat(filename, True)[8]


def getatime(filename):
    return _os.stat(filename, True)[7]


def getctime(filename):
    return _os.stat(filename, True)[9]


def samefile(f1, f2):
    s1 = _os.stat(f1, True)
    s2 = _os.stat(f2, True)
    return s1[1] == s2[1] and s1[2] == s2[2]
