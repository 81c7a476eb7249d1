# `glob`: file names matching shell wildcards, with CPython 3.11's rules (hidden names only for a
# pattern that starts with `.` or with include_hidden, `**` only with recursive=True, a trailing
# `/` only folders). Folders are listed through os.scandir, so the sandbox applies; a folder the
# sandbox refuses raises its PermissionError instead of reading as empty, so a script sees why.
import os
import _fnmatch
import fnmatch

__all__ = ['escape', 'glob', 'iglob']


def glob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    return list(iglob(pathname, root_dir=root_dir, dir_fd=dir_fd, recursive=recursive,
                      include_hidden=include_hidden))


def iglob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    pathname = os.fspath(pathname)
    if root_dir is not None:
        root_dir = os.fspath(root_dir)
    else:
        root_dir = pathname[:0]
    it = _iglob(pathname, root_dir, recursive, False, include_hidden)
    if not pathname or recursive and _isrecursive(pathname[:2]):
        first = next(it, None)  # the empty match of a leading `**` is the folder itself: left out
        if first:
            return _chain(first, it)
    return it


def _chain(first, rest):
    yield first
    yield from rest


def _iglob(pathname, root_dir, recursive, dironly, include_hidden):
    dirname, basename = os.path.split(pathname)
    if not has_magic(pathname):
        if basename:
            if os.path.lexists(_join(root_dir, pathname)):
                yield pathname
        elif os.path.isdir(_join(root_dir, dirname)):
            yield pathname
        return
    if not dirname:
        if recursive and _isrecursive(basename):
            yield from _glob2(root_dir, basename, dironly, include_hidden)
        else:
            yield from _glob1(root_dir, basename, dironly, include_hidden)
        return
    if dirname != pathname and has_magic(dirname):
        dirs = _iglob(dirname, root_dir, recursive, True, include_hidden)
    else:
        dirs = [dirname]
    if has_magic(basename):
        glob_in_dir = _glob2 if recursive and _isrecursive(basename) else _glob1
    else:
        glob_in_dir = _glob0
    for d in dirs:
        for name in glob_in_dir(_join(root_dir, d), basename, dironly, include_hidden):
            yield os.path.join(d, name)


def _glob1(dirname, pattern, dironly, include_hidden):
    names = _listdir(dirname, dironly)
    if include_hidden or not _ishidden(pattern):
        names = [x for x in names if include_hidden or not _ishidden(x)]
    return fnmatch.filter(names, pattern)


def _glob0(dirname, basename, dironly, include_hidden):
    if basename:
        if os.path.lexists(_join(dirname, basename)):
            return [basename]
    elif os.path.isdir(dirname):
        return [basename]
    return []


def _glob2(dirname, pattern, dironly, include_hidden):
    yield pattern[:0]
    yield from _rlistdir(dirname, dironly, include_hidden)


def _listdir(dirname, dironly):
    if isinstance(dirname, bytes):
        top = dirname or os.curdir.encode()
    else:
        top = dirname or os.curdir
    try:
        entries = list(os.scandir(top))
    except OSError as e:
        if getattr(e, '_graphlens_note', None) is not None:
            raise
        return []
    names = []
    for entry in entries:
        try:
            if not dironly or entry.is_dir():
                names.append(entry.name)
        except OSError:
            pass
    return names


def _rlistdir(dirname, dironly, include_hidden):
    for x in _listdir(dirname, dironly):
        if include_hidden or not _ishidden(x):
            yield x
            path = _join(dirname, x) if dirname else x
            for y in _rlistdir(path, dironly, include_hidden):
                yield _join(x, y)


def _join(dirname, basename):
    if not dirname or not basename:
        return dirname or basename
    return os.path.join(dirname, basename)


def has_magic(s):
    if isinstance(s, bytes):
        s = s.decode('latin-1')
    return _fnmatch.has_magic(s)


def _ishidden(path):
    return path[:1] in ('.', b'.')


def _isrecursive(pattern):
    return pattern == '**' or pattern == b'**'


def escape(pathname):
    drive, pathname = os.path.splitdrive(pathname)
    if isinstance(pathname, bytes):
        out = b''.join(b'[' + bytes([c]) + b']' if c in b'*?[' else bytes([c]) for c in pathname)
    else:
        out = ''.join('[' + c + ']' if c in '*?[' else c for c in pathname)
    return drive + out
