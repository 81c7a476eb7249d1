# `shutil` inside the sandbox: copies, trees, moves and removals built on os and open(), so every
# path is checked by _os (core/lang/module_os.cpp); the errors and return values are CPython
# 3.11's. No processes and no archives here: which() finds only what is named by a path inside
# the script's folders, make_archive / unpack_archive raise NotImplementedError.
import os
import sys
import fnmatch
import collections

__all__ = ['copyfileobj', 'copyfile', 'copymode', 'copystat', 'copy', 'copy2', 'copytree', 'move',
           'rmtree', 'Error', 'SpecialFileError', 'ExecError', 'make_archive',
           'get_archive_formats', 'register_archive_format', 'unregister_archive_format',
           'get_unpack_formats', 'register_unpack_format', 'unregister_unpack_format',
           'unpack_archive', 'ignore_patterns', 'chown', 'which', 'get_terminal_size',
           'SameFileError', 'disk_usage']

COPY_BUFSIZE = 64 * 1024


class Error(OSError):
    pass


class SameFileError(Error):
    """Raised when source and destination are the same file."""


class SpecialFileError(OSError):
    """Raised when trying to do a kind of operation (e.g. copying) which is
    not supported on a special file (e.g. a named pipe)"""


class ExecError(OSError):
    """Raised when a command could not be executed"""


class ReadError(OSError):
    """Raised when an archive cannot be read"""


class RegistryError(Exception):
    """Raised when a registry operation with the archiving
    and unpacking registries fails"""


def _mode(st):
    return st.st_mode & 0o170000


def copyfileobj(fsrc, fdst, length=0):
    if not length:
        length = COPY_BUFSIZE
    while True:
        buf = fsrc.read(length)
        if not buf:
            break
        fdst.write(buf)


def _samefile(src, dst):
    try:
        return os.path.samefile(src, dst)
    except OSError:
        return False


def _stat(fn):
    return fn.stat() if isinstance(fn, os.DirEntry) else os.stat(fn)


def _islink(fn):
    return fn.is_symlink() if isinstance(fn, os.DirEntry) else os.path.islink(fn)


def copyfile(src, dst, *, follow_symlinks=True):
    if _samefile(src, dst):
        raise SameFileError('{!r} and {!r} are the same file'.format(src, dst))
    for i, fn in enumerate([src, dst]):
        try:
            st = _stat(fn)
        except OSError:
            pass
        else:
            if _mode(st) == 0o010000:
                fn = fn.path if isinstance(fn, os.DirEntry) else fn
                raise SpecialFileError('`%s` is a named pipe' % fn)
    if not follow_symlinks and _islink(src):
        os.symlink(os.readlink(src), dst)
        return dst
    with open(src, 'rb') as fsrc:
        try:
            with open(dst, 'wb') as fdst:
                copyfileobj(fsrc, fdst)
        except IsADirectoryError as e:
            # CPython names a missing folder in dst rather than the confusing EISDIR
            if not os.path.exists(dst):
                raise FileNotFoundError(f'Directory does not exist: {dst}') from e
            raise
    return dst


def copymode(src, dst, *, follow_symlinks=True):
    if not follow_symlinks and _islink(src) and os.path.islink(dst):
        return  # no lchmod on Linux: CPython leaves the link as it is
    st = _stat(src) if follow_symlinks else os.lstat(src)
    os.chmod(dst, st.st_mode & 0o7777)


def copystat(src, dst, *, follow_symlinks=True):
    follow = follow_symlinks or not (_islink(src) and os.path.islink(dst))
    if isinstance(src, os.DirEntry):
        st = src.stat(follow_symlinks=follow)
    else:
        st = os.stat(src, follow_symlinks=follow)
    os.utime(dst, ns=(st.st_atime_ns, st.st_mtime_ns), follow_symlinks=follow)
    if follow:
        os.chmod(dst, st.st_mode & 0o7777)


def copy(src, dst, *, follow_symlinks=True):
    if os.path.isdir(dst):
        dst = os.path.join(dst, os.path.basename(src))
    copyfile(src, dst, follow_symlinks=follow_symlinks)
    copymode(src, dst, follow_symlinks=follow_symlinks)
    return dst


def copy2(src, dst, *, follow_symlinks=True):
    if os.path.isdir(dst):
        dst = os.path.join(dst, os.path.basename(src))
    copyfile(src, dst, follow_symlinks=follow_symlinks)
    copystat(src, dst, follow_symlinks=follow_symlinks)
    return dst


def ignore_patterns(*patterns):
    def _ignore_patterns(path, names):
        ignored_names = []
        for pattern in patterns:
            ignored_names.extend(fnmatch.filter(names, pattern))
        return set(ignored_names)
    return _ignore_patterns


def copytree(src, dst, symlinks=False, ignore=None, copy_function=copy2,
             ignore_dangling_symlinks=False, dirs_exist_ok=False):
    entries = list(os.scandir(src))
    return _copytree(entries, src, dst, symlinks, ignore, copy_function, ignore_dangling_symlinks,
                     dirs_exist_ok)


def _copytree(entries, src, dst, symlinks, ignore, copy_function, ignore_dangling_symlinks,
              dirs_exist_ok):
    if ignore is not None:
        ignored_names = ignore(os.fspath(src), [x.name for x in entries])
    else:
        ignored_names = set()
    os.makedirs(dst, exist_ok=dirs_exist_ok)
    errors = []
    use_entry = copy_function is copy2 or copy_function is copy
    for entry in entries:
        if entry.name in ignored_names:
            continue
        srcname = os.path.join(src, entry.name)
        dstname = os.path.join(dst, entry.name)
        srcobj = entry if use_entry else srcname
        try:
            if entry.is_symlink():
                linkto = os.readlink(srcname)
                if symlinks:
                    os.symlink(linkto, dstname)
                    copystat(srcobj, dstname, follow_symlinks=not symlinks)
                else:
                    if not os.path.exists(linkto) and ignore_dangling_symlinks:
                        continue
                    if entry.is_dir():
                        copytree(srcobj, dstname, symlinks, ignore, copy_function,
                                 ignore_dangling_symlinks, dirs_exist_ok)
                    else:
                        copy_function(srcobj, dstname)
            elif entry.is_dir():
                copytree(srcobj, dstname, symlinks, ignore, copy_function, ignore_dangling_symlinks,
                         dirs_exist_ok)
            else:
                copy_function(srcobj, dstname)
        except Error as err:
            errors.extend(err.args[0])
        except OSError as why:
            errors.append((srcname, dstname, str(why)))
    try:
        copystat(src, dst)
    except OSError as why:
        errors.append((src, dst, str(why)))
    if errors:
        raise Error(errors)
    return dst


def _rmtree_inner(path, onerror):
    try:
        entries = list(os.scandir(path))
    except OSError as err:
        err.filename = path
        onerror(os.scandir, path, sys.exc_info())
        return
    for entry in entries:
        fullname = entry.path
        try:
            is_dir = entry.is_dir(follow_symlinks=False)
        except OSError:
            is_dir = False
        if is_dir:
            _rmtree_inner(fullname, onerror)
            try:
                os.rmdir(fullname)
            except OSError:
                onerror(os.rmdir, fullname, sys.exc_info())
        else:
            try:
                os.unlink(fullname)
            except OSError:
                onerror(os.unlink, fullname, sys.exc_info())


def rmtree(path, ignore_errors=False, onerror=None, *, dir_fd=None):
    if ignore_errors:
        def onerror(*args):
            pass
    elif onerror is None:
        def onerror(*args):
            raise
    try:
        st = os.lstat(path)
    except Exception:
        onerror(os.lstat, path, sys.exc_info())
        return
    if _mode(st) == 0o120000:
        try:
            raise OSError('Cannot call rmtree on a symbolic link')
        except OSError:
            onerror(os.path.islink, path, sys.exc_info())
            return
    _rmtree_inner(path, onerror)
    try:
        os.rmdir(path)
    except OSError:
        onerror(os.rmdir, path, sys.exc_info())


rmtree.avoids_symlink_attacks = True


def _basename(path):
    path = os.fspath(path)
    return os.path.basename(path.rstrip('/'))


def _destinsrc(src, dst):
    src = os.path.abspath(src)
    dst = os.path.abspath(dst)
    if not src.endswith('/'):
        src += '/'
    if not dst.endswith('/'):
        dst += '/'
    return dst.startswith(src)


def move(src, dst, copy_function=copy2):
    real_dst = dst
    if os.path.isdir(dst):
        if _samefile(src, dst):
            os.rename(src, dst)
            return
        real_dst = os.path.join(dst, _basename(src))
        if os.path.exists(real_dst):
            raise Error("Destination path '%s' already exists" % real_dst)
    try:
        os.rename(src, real_dst)
    except OSError as e:
        if getattr(e, '_graphlens_note', None) is not None:
            raise  # a refused path stays refused: no copy is tried
        if os.path.islink(src):
            linkto = os.readlink(src)
            os.symlink(linkto, real_dst)
            os.unlink(src)
        elif os.path.isdir(src):
            if _destinsrc(src, dst):
                raise Error("Cannot move a directory '%s' into itself '%s'." % (src, dst))
            copytree(src, real_dst, copy_function=copy_function, symlinks=True)
            rmtree(src)
        else:
            copy_function(src, real_dst)
            os.unlink(src)
    return real_dst


_ntuple_diskusage = collections.namedtuple('usage', 'total used free')


def disk_usage(path):
    return _ntuple_diskusage(*os._os.disk_usage(os.fspath(path)))


def chown(path, user=None, group=None):
    if user is None and group is None:
        raise ValueError('user and/or group must be set')
    raise LookupError('GraphLens has no user database: chown() cannot name %r'
                      % (user if user is not None else group,))


def get_terminal_size(fallback=(80, 24)):
    try:
        columns = int(os.environ['COLUMNS'])
    except (KeyError, ValueError):
        columns = 0
    try:
        lines = int(os.environ['LINES'])
    except (KeyError, ValueError):
        lines = 0
    if columns <= 0 or lines <= 0:
        # a script's output is never a terminal; what the host was started with stands for it
        # (the width Keras' summary() uses too)
        host_columns, host_lines = os._os.terminal_size()
        if columns <= 0:
            columns = host_columns or fallback[0]
        if lines <= 0:
            lines = host_lines or fallback[1]
    return os.terminal_size((columns, lines))


def which(cmd, mode=os.F_OK | os.X_OK, path=None):
    # no PATH search: programs cannot be run here; a path inside the script's folders is checked
    if not os.path.dirname(cmd):
        return None
    try:
        st = os.stat(cmd)
    except (OSError, ValueError):
        return None
    if _mode(st) == 0o040000:
        return None
    if mode & os.X_OK and not st.st_mode & 0o111:
        return None
    return cmd


def _no_archives(name):
    raise NotImplementedError('GraphLens has no archive support: shutil.%s() is unavailable' % name)


def get_archive_formats():
    return []


def get_unpack_formats():
    return []


def register_archive_format(name, function, extra_args=None, description=''):
    _no_archives('register_archive_format')


def unregister_archive_format(name):
    _no_archives('unregister_archive_format')


def register_unpack_format(name, extensions, function, extra_args=None, description=''):
    _no_archives('register_unpack_format')


def unregister_unpack_format(name):
    _no_archives('unregister_unpack_format')


def make_archive(base_name, format, root_dir=None, base_dir=None, verbose=0, dry_run=0, owner=None,
                 group=None, logger=None):
    _no_archives('make_archive')


def unpack_archive(filename, extract_dir=None, format=None, *, filter=None):
    _no_archives('unpack_archive')
