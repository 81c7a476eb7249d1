# `tempfile` inside the sandbox: everything goes in the run's own temporary folder, which the
# host removes when the run ends (core/session).
import _os
import os
import random as _random

_rng = _random.Random()
_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789_'
TMP_MAX = 10000
template = 'tmp'
tempdir = None


def gettempdir():
    if tempdir is not None:
        return tempdir
    d = _os.tempdir()
    return d if d is not None else '/tmp'


def gettempprefix():
    return template


def _names(prefix, suffix, dir):
    if dir is None:
        dir = gettempdir()
    for _ in range(TMP_MAX):
        name = ''.join(_rng.choice(_CHARS) for _ in range(8))
        yield os.path.join(dir, prefix + name + suffix)
    raise FileExistsError(17, 'No usable temporary file name found')


def mkdtemp(suffix=None, prefix=None, dir=None):
    for path in _names(template if prefix is None else prefix, suffix or '', dir):
        try:
            os.mkdir(path)
        except FileExistsError:
            continue
        return os.path.abspath(path)


class _Named:
    # a file object that removes its file when closed (delete=True)
    def __init__(self, file, name, delete):
        self.file = file
        self.name = name
        self.delete = delete

    def __getattr__(self, name):
        return getattr(self.file, name)

    def close(self):
        if not self.file.closed:
            self.file.close()
            if self.delete:
                try:
                    os.remove(self.name)
                except FileNotFoundError:
                    pass

    def __enter__(self):
        self.file.__enter__()
        return self

    def __exit__(self, *exc):
        self.close()

    def __iter__(self):
        return iter(self.file)


def NamedTemporaryFile(mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None, prefix=None,
                       dir=None, delete=True, *, errors=None):
    for path in _names(template if prefix is None else prefix, suffix or '', dir):
        try:
            f = open(path, mode.replace('w', 'x', 1) if 'w' in mode else mode, encoding=encoding,
                     newline=newline, errors=errors)
        except FileExistsError:
            continue
        return _Named(f, os.path.abspath(path), delete)


TemporaryFile = NamedTemporaryFile


def _rmtree(path):
    for name in os.listdir(path):
        p = os.path.join(path, name)
        if os.path.isdir(p) and not os.path.islink(p):
            _rmtree(p)
        else:
            os.remove(p)
    os.rmdir(path)


class TemporaryDirectory:
    def __init__(self, suffix=None, prefix=None, dir=None, ignore_cleanup_errors=False):
        self.name = mkdtemp(suffix, prefix, dir)

    def __enter__(self):
        return self.name

    def __exit__(self, *exc):
        self.cleanup()

    def cleanup(self):
        if os.path.exists(self.name):
            _rmtree(self.name)

    def __repr__(self):
        return '<TemporaryDirectory %r>' % self.name
