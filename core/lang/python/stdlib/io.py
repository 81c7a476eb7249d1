# The `io` module's file objects and open(): unbuffered over the `_os` handles, so a file's
# position is always the handle's and nothing waits in a buffer when a script ends without
# close(). Paths are checked by `_os` (core/lang/module_os.cpp).
import _os

SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2
DEFAULT_BUFFER_SIZE = 8192


class UnsupportedOperation(OSError, ValueError):
    pass


def _readlines(stream, hint):
    # Lines until their total length reaches `hint` (all of them when hint <= 0 or None).
    lines = []
    total = 0
    for line in stream:
        lines.append(line)
        total += len(line)
        if hint is not None and 0 < hint <= total:
            break
    return lines


class _BufferedBase:
    __module__ = '_io'

    def __init__(self, handle, name, mode, readable, writable):
        self._h = handle
        self.name = name
        self.mode = mode
        self._readable = readable
        self._writable = writable
        self._closed = False

    @property
    def closed(self):
        return self._closed

    def _check(self):
        if self._closed:
            raise ValueError('I/O operation on closed file.')

    def _check_read(self, what):
        self._check()
        if not self._readable:
            raise UnsupportedOperation(what)

    def _check_write(self, what):
        self._check()
        if not self._writable:
            raise UnsupportedOperation(what)

    def readable(self):
        self._check()
        return self._readable

    def writable(self):
        self._check()
        return self._writable

    def seekable(self):
        self._check()
        return True

    def read(self, size=-1):
        self._check_read('read')
        if size is None:
            size = -1
        return _os.read(self._h, size, self.name)

    def read1(self, size=-1):
        return self.read(size)

    def readline(self, size=-1):
        self._check_read('readline')
        if size is None:
            size = -1
        return _os.readline(self._h, size)

    def readlines(self, hint=-1):
        return _readlines(self, hint)

    def write(self, data):
        self._check_write('write')
        if isinstance(data, bytearray):
            data = bytes(data)
        return _os.write(self._h, data)

    def writelines(self, lines):
        self._check()
        for line in lines:
            self.write(line)

    def seek(self, offset, whence=0):
        self._check()
        if whence not in (0, 1, 2):
            raise ValueError('whence value %d unsupported' % whence)
        return _os.seek(self._h, offset, whence)

    def tell(self):
        self._check()
        return _os.seek(self._h, 0, 1)

    def truncate(self, size=None):
        self._check_write('truncate')
        if size is None:
            size = self.tell()
        return _os.truncate(self._h, size)

    def flush(self):
        self._check()

    def fileno(self):
        self._check()
        raise UnsupportedOperation('fileno')

    def isatty(self):
        self._check()
        return False

    def close(self):
        if not self._closed:
            self._closed = True
            _os.close(self._h)

    def __enter__(self):
        self._check()
        return self

    def __exit__(self, *exc):
        self.close()

    def __iter__(self):
        self._check()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def __repr__(self):
        return '<_io.%s name=%r>' % (type(self).__name__, self.name)


class BufferedReader(_BufferedBase):
    __module__ = '_io'


class BufferedWriter(_BufferedBase):
    __module__ = '_io'


class BufferedRandom(_BufferedBase):
    __module__ = '_io'


class TextIOWrapper:
    __module__ = '_io'

    def __init__(self, buffer, encoding=None, errors=None, newline=None, mode='r'):
        self.buffer = buffer
        self.encoding = 'UTF-8' if encoding is None else encoding
        self._codec = _os.codec_name(self.encoding)
        self.errors = 'strict' if errors is None else errors
        self._newline = newline
        self.mode = mode

    @property
    def name(self):
        return self.buffer.name

    @property
    def closed(self):
        return self.buffer.closed

    def _check_read(self):
        self.buffer._check()
        if not self.buffer._readable:
            raise UnsupportedOperation('not readable')

    def _decode(self, data):
        s = _os.decode(data, self._codec, self.errors)
        if self._newline is None and '\r' in s:
            s = s.replace('\r\n', '\n').replace('\r', '\n')
        return s

    def readable(self):
        return self.buffer.readable()

    def writable(self):
        return self.buffer.writable()

    def seekable(self):
        return self.buffer.seekable()

    def read(self, size=-1):
        self._check_read()
        h = self.buffer._h
        if size is None or size < 0:
            return self._decode(_os.read(h, -1, self.name))
        out = ''
        while len(out) < size:
            data = _os.readchars(h, size - len(out))
            if not data:
                break
            if self._newline is None and data.endswith(b'\r'):
                # a "\r\n" cut in two is still one newline
                more = _os.read(h, 1)
                if more == b'\n':
                    data += more
                elif more:
                    _os.seek(h, -1, 1)
            out += self._decode(data)
        return out

    def readline(self, size=-1):
        self._check_read()
        if size is None or size < 0:
            return self._decode(_os.readline(self.buffer._h, -1, self._newline in (None, '')))
        out = ''
        while len(out) < size:
            c = self.read(1)
            if not c:
                break
            out += c
            if c == '\n':
                break
        return out

    def readlines(self, hint=-1):
        return _readlines(self, hint)

    def write(self, s):
        self.buffer._check()
        if not self.buffer._writable:
            raise UnsupportedOperation('not writable')
        if not isinstance(s, str):
            raise TypeError('write() argument must be str, not %s' % type(s).__name__)
        text = s
        if self._newline not in (None, '', '\n'):
            text = text.replace('\n', self._newline)
        _os.write(self.buffer._h, _os.encode(text, self._codec, self.errors))
        return len(s)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def seek(self, offset, whence=0):
        self.buffer._check()
        if whence == 1 and offset != 0:
            raise UnsupportedOperation("can't do nonzero cur-relative seeks")
        if whence == 2 and offset != 0:
            raise UnsupportedOperation("can't do nonzero end-relative seeks")
        return self.buffer.seek(offset, whence)

    def tell(self):
        return self.buffer.tell()

    def truncate(self, size=None):
        return self.buffer.truncate(size)

    def flush(self):
        self.buffer.flush()

    def fileno(self):
        return self.buffer.fileno()

    def isatty(self):
        return self.buffer.isatty()

    def close(self):
        self.buffer.close()

    def __enter__(self):
        self.buffer._check()
        return self

    def __exit__(self, *exc):
        self.close()

    def __iter__(self):
        self.buffer._check()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def __repr__(self):
        return '<_io.TextIOWrapper name=%r mode=%r encoding=%r>' % (self.name, self.mode, self.encoding)


_MODE_ERROR = 'must have exactly one of create/read/write/append mode'


def open(file, mode='r', buffering=-1, encoding=None, errors=None, newline=None, closefd=True, opener=None):
    if not isinstance(mode, str):
        raise TypeError("open() argument 'mode' must be str, not %s" % type(mode).__name__)
    if isinstance(file, int) and not isinstance(file, bool):
        raise OSError(9, 'Bad file descriptor (GraphLens scripts open files by name)')
    if not isinstance(file, (str, bytes)):
        from os.path import _fspath
        file = _fspath(file)
    for c in mode:
        if c not in 'axrwb+t' or mode.count(c) > 1:
            raise ValueError('invalid mode: %r' % mode)
    creating = 'x' in mode
    reading = 'r' in mode
    writing = 'w' in mode
    appending = 'a' in mode
    updating = '+' in mode
    text = 't' in mode
    binary = 'b' in mode
    if text and binary:
        raise ValueError("can't have text and binary mode at once")
    count = int(creating) + int(reading) + int(writing) + int(appending)
    if count > 1:
        raise ValueError(_MODE_ERROR)
    if count == 0:
        raise ValueError('Must have exactly one of create/read/write/append mode and at most one plus')
    if binary and encoding is not None:
        raise ValueError("binary mode doesn't take an encoding argument")
    if binary and errors is not None:
        raise ValueError("binary mode doesn't take an errors argument")
    if binary and newline is not None:
        raise ValueError("binary mode doesn't take a newline argument")
    if newline not in (None, '', '\n', '\r', '\r\n'):
        raise ValueError('illegal newline value: %s' % newline)
    if not binary:
        _os.codec_name('utf-8' if encoding is None else encoding)  # LookupError before the file is made
    kind = 'x' if creating else 'r' if reading else 'w' if writing else 'a'
    handle = _os.open(file, kind + ('+' if updating else ''))
    readable = reading or updating
    writable = not reading or updating
    if updating:
        cls = BufferedRandom
    elif reading:
        cls = BufferedReader
    else:
        cls = BufferedWriter
    buffer = cls(handle, file, kind + 'b' + ('+' if updating else ''), readable, writable)
    if binary:
        return buffer
    return TextIOWrapper(buffer, encoding, errors, newline, mode)
