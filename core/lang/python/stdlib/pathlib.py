# `pathlib` for POSIX paths, with CPython 3.11's parsing, errors and glob rules. Path objects
# hold their parts (the root first when there is one) and are no str: every file operation goes
# through os and open(), so the sandbox of _os (core/lang/module_os.cpp) applies. PurePath() and
# Path() make the POSIX classes, as they do on Linux; the Windows classes cannot be made here.
import io
import os
import _fnmatch

__all__ = ['PurePath', 'PurePosixPath', 'PureWindowsPath', 'Path', 'PosixPath', 'WindowsPath']

# errors that mean "not there" to exists()/is_dir()/...: anything else (a refusal) is raised
_IGNORED_ERRNOS = (2, 20, 9, 40)  # ENOENT, ENOTDIR, EBADF, ELOOP


def _ignore_error(e):
    return getattr(e, 'errno', None) in _IGNORED_ERRNOS


def _split_root(part):
    # POSIX keeps exactly two leading slashes; three or more are one
    if part[:1] != '/':
        return '', part
    stripped = part.lstrip('/')
    if len(part) - len(stripped) == 2:
        return '//', stripped
    return '/', stripped


def _parse_parts(parts):
    # (root, parts) of the joined arguments: the last absolute one starts the path
    out = []
    root = ''
    for part in reversed(parts):
        if not part:
            continue
        root, rel = _split_root(part)
        for x in reversed(rel.split('/')):
            if x and x != '.':
                out.append(x)
        if root:
            out.append(root)
            break
    out.reverse()
    return root, out


def _format(root, parts):
    if root:
        return root + '/'.join(parts[1:])
    return '/'.join(parts)


class _PathParents:
    # the read-only sequence of a path's logical ancestors
    def __init__(self, path):
        self._pathcls = type(path)
        self._root = path._root
        self._parts = path._parts

    def __len__(self):
        if self._root:
            return len(self._parts) - 1
        return len(self._parts)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return tuple(self[i] for i in range(*idx.indices(len(self))))
        if idx >= len(self) or idx < -len(self):
            raise IndexError(idx)
        if idx < 0:
            idx += len(self)
        return self._pathcls._from_parsed_parts(self._root, self._parts[:-idx - 1])

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def __contains__(self, item):
        for p in self:
            if p == item:
                return True
        return False

    def __repr__(self):
        return '<{}.parents>'.format(self._pathcls.__name__)


class PurePath(os.PathLike):
    _flavour = 'posix'

    def __new__(cls, *args):
        if cls is PurePath:
            cls = PurePosixPath
        return cls._from_parts(args)

    def __init__(self, *args):
        pass

    @classmethod
    def _parse_args(cls, args):
        parts = []
        for a in args:
            if isinstance(a, PurePath):
                parts += a._parts
            else:
                a = os.fspath(a)
                if isinstance(a, str):
                    parts.append(a)
                else:
                    raise TypeError('argument should be a str object or an os.PathLike object '
                                    'returning str, not %r' % (type(a),))
        return _parse_parts(parts)

    @classmethod
    def _from_parts(cls, args):
        self = object.__new__(cls)
        self._root, self._parts = cls._parse_args(args)
        self._str = None
        return self

    @classmethod
    def _from_parsed_parts(cls, root, parts):
        self = object.__new__(cls)
        self._root = root
        self._parts = parts
        self._str = None
        return self

    def _make_child(self, args):
        root, parts = self._parse_args(args)
        if root:
            return self._from_parsed_parts(root, parts)
        return self._from_parsed_parts(self._root, self._parts + parts)

    def _make_child_relpath(self, part):
        return self._from_parsed_parts(self._root, self._parts + [part])

    def __str__(self):
        if self._str is None:
            self._str = _format(self._root, self._parts) or '.'
        return self._str

    def __fspath__(self):
        return str(self)

    def as_posix(self):
        return str(self)

    def __bytes__(self):
        return str(self).encode('utf-8')

    def __repr__(self):
        return '{}({!r})'.format(type(self).__name__, self.as_posix())

    def as_uri(self):
        if not self.is_absolute():
            raise ValueError("relative path can't be expressed as a file URI")
        safe = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-~/'
        out = []
        for b in str(self).encode('utf-8'):
            c = chr(b)
            out.append(c if c in safe else '%%%02X' % b)
        return 'file://' + ''.join(out)

    def __hash__(self):
        return hash(tuple(self._parts))

    def __eq__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._parts == other._parts and self._flavour is other._flavour

    def __lt__(self, other):
        if not isinstance(other, PurePath) or self._flavour is not other._flavour:
            return NotImplemented
        return self._parts < other._parts

    def __le__(self, other):
        if not isinstance(other, PurePath) or self._flavour is not other._flavour:
            return NotImplemented
        return self._parts <= other._parts

    def __gt__(self, other):
        if not isinstance(other, PurePath) or self._flavour is not other._flavour:
            return NotImplemented
        return self._parts > other._parts

    def __ge__(self, other):
        if not isinstance(other, PurePath) or self._flavour is not other._flavour:
            return NotImplemented
        return self._parts >= other._parts

    def __truediv__(self, key):
        try:
            return self._make_child((key,))
        except TypeError:
            return NotImplemented

    def __rtruediv__(self, key):
        try:
            return self._from_parts([key] + self._parts)
        except TypeError:
            return NotImplemented

    @property
    def drive(self):
        return ''

    @property
    def root(self):
        return self._root

    @property
    def anchor(self):
        return self._root

    @property
    def parts(self):
        return tuple(self._parts)

    @property
    def name(self):
        parts = self._parts
        if len(parts) == (1 if self._root else 0):
            return ''
        return parts[-1]

    @property
    def suffix(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[i:]
        return ''

    @property
    def suffixes(self):
        name = self.name
        if name.endswith('.'):
            return []
        name = name.lstrip('.')
        return ['.' + s for s in name.split('.')[1:]]

    @property
    def stem(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[:i]
        return name

    def with_name(self, name):
        if not self.name:
            raise ValueError('%r has an empty name' % (self,))
        root, parts = _parse_parts((name,))
        if not name or name[-1] == '/' or root or len(parts) != 1:
            raise ValueError('Invalid name %r' % (name,))
        return self._from_parsed_parts(self._root, self._parts[:-1] + [name])

    def with_stem(self, stem):
        return self.with_name(stem + self.suffix)

    def with_suffix(self, suffix):
        if '/' in suffix:
            raise ValueError('Invalid suffix %r' % (suffix,))
        if suffix and not suffix.startswith('.') or suffix == '.':
            raise ValueError('Invalid suffix %r' % (suffix,))
        name = self.name
        if not name:
            raise ValueError('%r has an empty name' % (self,))
        old = self.suffix
        if not old:
            name = name + suffix
        else:
            name = name[:-len(old)] + suffix
        return self._from_parsed_parts(self._root, self._parts[:-1] + [name])

    def relative_to(self, *other):
        if not other:
            raise TypeError('need at least one argument')
        root = self._root
        abs_parts = ['', root] + self._parts[1:] if root else self._parts
        to_root, to_parts = self._parse_args(other)
        to_abs = ['', to_root] + to_parts[1:] if to_root else to_parts
        n = len(to_abs)
        if bool(root) if n == 0 else abs_parts[:n] != to_abs:
            raise ValueError('{!r} is not in the subpath of {!r} OR one path is relative and the '
                             'other is absolute.'.format(str(self), _format(to_root, to_parts)))
        return self._from_parsed_parts(root if n == 1 else '', abs_parts[n:])

    def is_relative_to(self, *other):
        try:
            self.relative_to(*other)
            return True
        except ValueError:
            return False

    def joinpath(self, *args):
        return self._make_child(args)

    @property
    def parent(self):
        parts = self._parts
        if len(parts) == 1 and self._root:
            return self
        return self._from_parsed_parts(self._root, parts[:-1])

    @property
    def parents(self):
        return _PathParents(self)

    def is_absolute(self):
        return bool(self._root)

    def is_reserved(self):
        return False

    def match(self, path_pattern):
        root, pat_parts = _parse_parts((path_pattern,))
        if not pat_parts:
            raise ValueError('empty pattern')
        if root and root != self._root:
            return False
        parts = self._parts
        if root:
            if len(pat_parts) != len(parts):
                return False
            pat_parts = pat_parts[1:]
        elif len(pat_parts) > len(parts):
            return False
        for part, pat in zip(reversed(parts), reversed(pat_parts)):
            if not _fnmatch.fnmatchcase(part, pat):
                return False
        return True


class PurePosixPath(PurePath):
    pass


class PureWindowsPath(PurePath):
    _flavour = 'windows'

    def __new__(cls, *args):
        raise NotImplementedError('GraphLens has POSIX paths only: %s cannot be made' % cls.__name__)


# ----- glob selectors (CPython 3.11's: a pattern is matched one path component at a time) -----

class _Terminating:
    def select(self, parent):
        yield parent


class _Selector:
    def __init__(self, child_parts):
        if child_parts:
            self.successor = _make_selector(child_parts)
            self.dironly = True
        else:
            self.successor = _Terminating()
            self.dironly = False


class _Precise(_Selector):
    def __init__(self, name, child_parts):
        self.name = name
        _Selector.__init__(self, child_parts)

    def select(self, parent):
        try:
            path = parent._make_child_relpath(self.name)
            if path.is_dir() if self.dironly else path.exists():
                yield from self.successor.select(path)
        except PermissionError:
            return


class _Wildcard(_Selector):
    def __init__(self, pat, child_parts):
        self.tokens = _fnmatch.compile_pattern(pat)
        _Selector.__init__(self, child_parts)

    def select(self, parent):
        try:
            entries = list(os.scandir(parent))
            for entry in entries:
                if self.dironly:
                    try:
                        if not entry.is_dir():
                            continue
                    except OSError as e:
                        if not _ignore_error(e):
                            raise
                        continue
                if _fnmatch.match_tokens(self.tokens, entry.name):
                    yield from self.successor.select(parent._make_child_relpath(entry.name))
        except PermissionError:
            return


class _Recursive(_Selector):
    def __init__(self, child_parts):
        _Selector.__init__(self, child_parts)

    def _dirs(self, parent):
        yield parent
        try:
            entries = list(os.scandir(parent))
            for entry in entries:
                is_dir = False
                try:
                    is_dir = entry.is_dir()
                except OSError as e:
                    if not _ignore_error(e):
                        raise
                if is_dir and not entry.is_symlink():
                    yield from self._dirs(parent._make_child_relpath(entry.name))
        except PermissionError:
            return

    def select(self, parent):
        try:
            seen = set()
            for start in self._dirs(parent):
                for p in self.successor.select(start):
                    if p not in seen:
                        seen.add(p)
                        yield p
        except PermissionError:
            return


def _make_selector(parts):
    pat = parts[0]
    rest = parts[1:]
    if not pat:
        return _Terminating()
    if pat == '**':
        return _Recursive(rest)
    if '**' in pat:
        raise ValueError("Invalid pattern: '**' can only be an entire path component")
    if _fnmatch.has_magic(pat):
        return _Wildcard(pat, rest)
    return _Precise(pat, rest)


def _select(path, parts):
    selector = _make_selector(parts)
    if not path.is_dir():
        return
    yield from selector.select(path)


class Path(PurePath):
    def __new__(cls, *args, **kwargs):
        if cls is Path:
            cls = PosixPath
        return cls._from_parts(args)

    @classmethod
    def cwd(cls):
        return cls(os.getcwd())

    @classmethod
    def home(cls):
        return cls('~').expanduser()

    def samefile(self, other_path):
        st = self.stat()
        try:
            other_st = other_path.stat()
        except AttributeError:
            other_st = type(self)(other_path).stat()
        return os.path.samestat(st, other_st)

    def iterdir(self):
        for name in os.listdir(self):
            yield self._make_child_relpath(name)

    def glob(self, pattern):
        if not pattern:
            raise ValueError('Unacceptable pattern: {!r}'.format(pattern))
        root, parts = _parse_parts((pattern,))
        if root:
            raise NotImplementedError('Non-relative patterns are unsupported')
        if pattern[-1] == '/':
            parts.append('')
        yield from _select(self, parts)

    def rglob(self, pattern):
        root, parts = _parse_parts((pattern,))
        if root:
            raise NotImplementedError('Non-relative patterns are unsupported')
        if pattern and pattern[-1] == '/':
            parts.append('')
        yield from _select(self, ['**'] + parts)

    def absolute(self):
        if self.is_absolute():
            return self
        return self._from_parts([os.getcwd()] + self._parts)

    def resolve(self, strict=False):
        s = os.path.realpath(self, strict=strict)
        return self._from_parts((s,))

    def stat(self, *, follow_symlinks=True):
        return os.stat(self, follow_symlinks=follow_symlinks)

    def lstat(self):
        return os.lstat(self)

    def owner(self):
        raise NotImplementedError('GraphLens has no user database: Path.owner() is unavailable')

    def group(self):
        raise NotImplementedError('GraphLens has no group database: Path.group() is unavailable')

    def open(self, mode='r', buffering=-1, encoding=None, errors=None, newline=None):
        return io.open(self, mode, buffering, encoding, errors, newline)

    def read_bytes(self):
        with self.open(mode='rb') as f:
            return f.read()

    def read_text(self, encoding=None, errors=None):
        with self.open(mode='r', encoding=encoding, errors=errors) as f:
            return f.read()

    def write_bytes(self, data):
        if isinstance(data, str) or not isinstance(data, (bytes, bytearray)):
            raise TypeError("memoryview: a bytes-like object is required, not '%s'"
                            % type(data).__name__)
        with self.open(mode='wb') as f:
            return f.write(bytes(data))

    def write_text(self, data, encoding=None, errors=None, newline=None):
        if not isinstance(data, str):
            raise TypeError('data must be str, not %s' % type(data).__name__)
        with self.open(mode='w', encoding=encoding, errors=errors, newline=newline) as f:
            return f.write(data)

    def readlink(self):
        return self._from_parts((os.readlink(self),))

    def touch(self, mode=0o666, exist_ok=True):
        if exist_ok:
            try:
                os.utime(self, None)
            except OSError:
                pass
            else:
                return
        open(self, 'a' if exist_ok else 'x').close()

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        try:
            os.mkdir(self, mode)
        except FileNotFoundError:
            if not parents or self.parent == self:
                raise
            self.parent.mkdir(parents=True, exist_ok=True)
            self.mkdir(mode, parents=False, exist_ok=exist_ok)
        except OSError:
            if not exist_ok or not self.is_dir():
                raise

    def chmod(self, mode, *, follow_symlinks=True):
        os.chmod(self, mode, follow_symlinks=follow_symlinks)

    def lchmod(self, mode):
        self.chmod(mode, follow_symlinks=False)

    def unlink(self, missing_ok=False):
        try:
            os.unlink(self)
        except FileNotFoundError:
            if not missing_ok:
                raise

    def rmdir(self):
        os.rmdir(self)

    def rename(self, target):
        os.rename(self, target)
        return type(self)(target)

    def replace(self, target):
        os.replace(self, target)
        return type(self)(target)

    def symlink_to(self, target, target_is_directory=False):
        os.symlink(target, self, target_is_directory)

    def exists(self):
        try:
            self.stat()
        except OSError as e:
            if not _ignore_error(e):
                raise
            return False
        except ValueError:
            return False
        return True

    def _mode_is(self, kind, follow=True):
        try:
            return (self.stat(follow_symlinks=follow).st_mode & 0o170000) == kind
        except OSError as e:
            if not _ignore_error(e):
                raise
            return False
        except ValueError:
            return False

    def is_dir(self):
        return self._mode_is(0o040000)

    def is_file(self):
        return self._mode_is(0o100000)

    def is_symlink(self):
        return self._mode_is(0o120000, False)

    def is_mount(self):
        if not self.exists() or not self.is_dir():
            return False
        try:
            parent_dev = self.parent.stat().st_dev
        except OSError:
            return False
        st = self.stat()
        if st.st_dev != parent_dev:
            return True
        return st.st_ino == self.parent.stat().st_ino

    def is_block_device(self):
        return self._mode_is(0o060000)

    def is_char_device(self):
        return self._mode_is(0o020000)

    def is_fifo(self):
        return self._mode_is(0o010000)

    def is_socket(self):
        return self._mode_is(0o140000)

    def expanduser(self):
        if not self._root and self._parts and self._parts[0][:1] == '~':
            homedir = os.path.expanduser(self._parts[0])
            if homedir[:1] == '~':
                raise RuntimeError('Could not determine home directory.')
            return self._from_parts([homedir] + self._parts[1:])
        return self


class PosixPath(Path, PurePosixPath):
    pass


class WindowsPath(Path, PureWindowsPath):
    def __new__(cls, *args, **kwargs):
        raise NotImplementedError('cannot instantiate %r on your system' % (cls.__name__,))
