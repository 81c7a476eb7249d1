# The `logging` module: loggers in a dotted hierarchy under the root, levels, handlers (stream,
# file, null), formatters (%, {} and $ styles), filters, basicConfig, lastResort, captureWarnings,
# written from the documented behaviour of CPython 3.11's logging. Output goes to sys.stderr
# unless configured otherwise; files are opened with open(), inside the script's sandbox.
import sys
import os
import time
import io
import traceback
import _gl_source

__all__ = ['BASIC_FORMAT', 'CRITICAL', 'DEBUG', 'ERROR', 'FATAL', 'FileHandler', 'Filter', 'Formatter', 'Handler',
           'INFO', 'LogRecord', 'Logger', 'LoggerAdapter', 'NOTSET', 'NullHandler', 'StreamHandler', 'WARN',
           'WARNING', 'addLevelName', 'basicConfig', 'captureWarnings', 'critical', 'debug', 'disable', 'error',
           'exception', 'fatal', 'getLevelName', 'getLogger', 'getLoggerClass', 'info', 'log', 'makeLogRecord',
           'setLoggerClass', 'shutdown', 'warn', 'warning', 'getLevelNamesMapping', 'lastResort',
           'raiseExceptions', 'root']

CRITICAL = 50
FATAL = CRITICAL
ERROR = 40
WARNING = 30
WARN = WARNING
INFO = 20
DEBUG = 10
NOTSET = 0

_levelToName = {CRITICAL: 'CRITICAL', ERROR: 'ERROR', WARNING: 'WARNING', INFO: 'INFO', DEBUG: 'DEBUG',
                NOTSET: 'NOTSET'}
_nameToLevel = {'CRITICAL': CRITICAL, 'FATAL': FATAL, 'ERROR': ERROR, 'WARN': WARNING, 'WARNING': WARNING,
                'INFO': INFO, 'DEBUG': DEBUG, 'NOTSET': NOTSET}

BASIC_FORMAT = '%(levelname)s:%(name)s:%(message)s'
raiseExceptions = True
logThreads = True
logMultiprocessing = True
logProcesses = True
_startTime = time.time()


def getLevelNamesMapping():
    return dict(_nameToLevel)


def getLevelName(level):
    """The name of a level number, or the number of a level name ('Level N' when unknown)."""
    result = _levelToName.get(level)
    if result is not None:
        return result
    result = _nameToLevel.get(level)
    if result is not None:
        return result
    return 'Level %s' % level


def addLevelName(level, levelName):
    _levelToName[level] = levelName
    _nameToLevel[levelName] = level


def _checkLevel(level):
    if isinstance(level, int):
        return level
    if str(level) == level:
        if level not in _nameToLevel:
            raise ValueError('Unknown level: %r' % level)
        return _nameToLevel[level]
    raise TypeError('Level not an integer or a valid string: %r' % (level,))


class LogRecord:
    """One logging event: the message and its arguments, level, logger name and origin."""

    def __init__(self, name, level, pathname, lineno, msg, args, exc_info, func=None, sinfo=None, **kwargs):
        ct = time.time()
        self.name = name
        self.msg = msg
        if args and len(args) == 1 and isinstance(args[0], dict) and args[0]:
            args = args[0]
        self.args = args
        self.levelname = getLevelName(level)
        self.levelno = level
        self.pathname = pathname
        self.filename = os.path.basename(pathname) if pathname else pathname
        self.module = os.path.splitext(self.filename)[0] if pathname else 'Unknown module'
        self.exc_info = exc_info
        self.exc_text = None
        self.stack_info = sinfo
        self.lineno = lineno
        self.funcName = func
        self.created = ct
        self.msecs = int((ct - int(ct)) * 1000) + 0.0
        self.relativeCreated = (ct - _startTime) * 1000
        self.thread = 1
        self.threadName = 'MainThread'
        self.processName = 'MainProcess'
        self.process = 1

    def getMessage(self):
        msg = str(self.msg)
        if self.args:
            msg = msg % self.args
        return msg

    def __repr__(self):
        return '<LogRecord: %s, %s, %s, %s, "%s">' % (self.name, self.levelno, self.pathname, self.lineno, self.msg)


_logRecordFactory = LogRecord


def setLogRecordFactory(factory):
    global _logRecordFactory
    _logRecordFactory = factory


def getLogRecordFactory():
    return _logRecordFactory


def makeLogRecord(dict):
    rv = _logRecordFactory(None, None, '', 0, '', (), None, None)
    rv.__dict__.update(dict)
    return rv


class _PercentStyle:
    default_format = '%(message)s'
    asctime_format = '%(asctime)s'
    asctime_search = '%(asctime)'

    def __init__(self, fmt, *, defaults=None):
        self._fmt = fmt or self.default_format
        self._defaults = defaults

    def usesTime(self):
        return self.asctime_search in self._fmt

    def validate(self):
        if '%(' not in self._fmt and '%' not in self._fmt:
            raise ValueError("Invalid format '%s' for '%s' style" % (self._fmt, self.default_format[0]))

    def _format(self, record):
        values = dict(self._defaults or {})
        values.update(record.__dict__)
        return self._fmt % values

    def format(self, record):
        try:
            return self._format(record)
        except KeyError as e:
            raise ValueError('Formatting field not found in record: %s' % e)


class _StrFormatStyle(_PercentStyle):
    default_format = '{message}'
    asctime_format = '{asctime}'
    asctime_search = '{asctime'

    def _format(self, record):
        values = dict(self._defaults or {})
        values.update(record.__dict__)
        return self._fmt.format(**values)

    def validate(self):
        if '{' not in self._fmt:
            raise ValueError('invalid format: no fields')


class _StringTemplateStyle(_PercentStyle):
    default_format = '${message}'
    asctime_format = '${asctime}'
    asctime_search = '${asctime}'

    def usesTime(self):
        return '$asctime' in self._fmt or '${asctime}' in self._fmt

    def _format(self, record):
        import string
        values = dict(self._defaults or {})
        values.update(record.__dict__)
        return string.Template(self._fmt).substitute(**values)

    def validate(self):
        if '$' not in self._fmt:
            raise ValueError('invalid format: no fields')


_STYLES = {'%': _PercentStyle, '{': _StrFormatStyle, '$': _StringTemplateStyle}


class Formatter:
    """Turns a LogRecord into text: fmt ('%(levelname)s %(message)s'), datefmt, style."""
    converter = staticmethod(time.localtime)
    default_time_format = '%Y-%m-%d %H:%M:%S'
    default_msec_format = '%s,%03d'

    def __init__(self, fmt=None, datefmt=None, style='%', validate=True, *, defaults=None):
        if style not in _STYLES:
            raise ValueError('Style must be one of: %s' % ','.join(_STYLES.keys()))
        self._style = _STYLES[style](fmt, defaults=defaults)
        if validate:
            self._style.validate()
        self._fmt = self._style._fmt
        self.datefmt = datefmt

    def formatTime(self, record, datefmt=None):
        ct = self.converter(record.created)
        if datefmt:
            return time.strftime(datefmt, ct)
        s = time.strftime(self.default_time_format, ct)
        if self.default_msec_format:
            s = self.default_msec_format % (s, record.msecs)
        return s

    def formatException(self, ei):
        text = ''.join(traceback.format_exception(ei[0], ei[1], ei[2]))
        if text[-1:] == '\n':
            text = text[:-1]
        return text

    def usesTime(self):
        return self._style.usesTime()

    def formatMessage(self, record):
        return self._style.format(record)

    def formatStack(self, stack_info):
        return stack_info

    def format(self, record):
        record.message = record.getMessage()
        if self.usesTime():
            record.asctime = self.formatTime(record, self.datefmt)
        s = self.formatMessage(record)
        if record.exc_info:
            if not record.exc_text:
                record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            if s[-1:] != '\n':
                s = s + '\n'
            s = s + record.exc_text
        if record.stack_info:
            if s[-1:] != '\n':
                s = s + '\n'
            s = s + self.formatStack(record.stack_info)
        return s


_defaultFormatter = Formatter()


class BufferingFormatter:
    def __init__(self, linefmt=None):
        self.linefmt = linefmt or _defaultFormatter

    def format(self, records):
        return ''.join(self.linefmt.format(r) for r in records)


class Filter:
    """Passes records of the logger named `name` and of its descendants."""

    def __init__(self, name=''):
        self.name = name
        self.nlen = len(name)

    def filter(self, record):
        if self.nlen == 0:
            return True
        if self.name == record.name:
            return True
        if record.name.find(self.name, 0, self.nlen) != 0:
            return False
        return record.name[self.nlen] == '.'


class Filterer:
    def __init__(self):
        self.filters = []

    def addFilter(self, filter):
        if filter not in self.filters:
            self.filters.append(filter)

    def removeFilter(self, filter):
        if filter in self.filters:
            self.filters.remove(filter)

    def filter(self, record):
        for f in self.filters:
            result = f.filter(record) if hasattr(f, 'filter') else f(record)
            if not result:
                return False
        return True


_handlers = []


class Handler(Filterer):
    """Base of handlers: a level, a formatter and filters; subclasses define emit()."""

    def __init__(self, level=NOTSET):
        Filterer.__init__(self)
        self._name = None
        self.level = _checkLevel(level)
        self.formatter = None
        self._closed = False
        _handlers.append(self)

    def get_name(self):
        return self._name

    def set_name(self, name):
        self._name = name

    name = property(get_name, set_name)

    def createLock(self):
        pass

    def acquire(self):
        pass

    def release(self):
        pass

    def setLevel(self, level):
        self.level = _checkLevel(level)

    def format(self, record):
        fmt = self.formatter if self.formatter else _defaultFormatter
        return fmt.format(record)

    def emit(self, record):
        raise NotImplementedError('emit must be implemented by Handler subclasses')

    def handle(self, record):
        rv = self.filter(record)
        if rv:
            self.emit(record)
        return rv

    def setFormatter(self, fmt):
        self.formatter = fmt

    def flush(self):
        pass

    def close(self):
        self._closed = True
        if self in _handlers:
            _handlers.remove(self)

    def handleError(self, record):
        if raiseExceptions:
            t, v, tb = sys.exc_info()
            sys.stderr.write('--- Logging error ---\n')
            sys.stderr.write(''.join(traceback.format_exception(t, v, tb)))
            sys.stderr.write('Message: %r\nArguments: %s\n' % (record.msg, record.args))

    def __repr__(self):
        return '<%s (%s)>' % (type(self).__name__, getLevelName(self.level))


class StreamHandler(Handler):
    """Writes formatted records to a stream (sys.stderr by default)."""
    terminator = '\n'

    def __init__(self, stream=None):
        Handler.__init__(self)
        if stream is None:
            stream = sys.stderr
        self.stream = stream

    def flush(self):
        if self.stream and hasattr(self.stream, 'flush'):
            self.stream.flush()

    def emit(self, record):
        try:
            msg = self.format(record)
            self.stream.write(msg + self.terminator)
            self.flush()
        except RecursionError:
            raise
        except Exception:
            self.handleError(record)

    def setStream(self, stream):
        if stream is self.stream:
            return None
        result = self.stream
        self.flush()
        self.stream = stream
        return result

    def __repr__(self):
        name = getattr(self.stream, 'name', '')
        if not name:
            name = '<stdout>' if self.stream is sys.stdout else '<stderr>' if self.stream is sys.stderr else ''
        name = str(name)
        if name:
            name += ' '
        return '<%s %s(%s)>' % (type(self).__name__, name, getLevelName(self.level))


class FileHandler(StreamHandler):
    """Writes formatted records to a file (opened in the script's sandbox)."""

    def __init__(self, filename, mode='a', encoding=None, delay=False, errors=None):
        filename = os.fspath(filename) if hasattr(os, 'fspath') else filename
        self.baseFilename = os.path.abspath(filename)
        self.mode = mode
        self.encoding = encoding
        self.errors = errors
        self.delay = delay
        if delay:
            Handler.__init__(self)
            self.stream = None
        else:
            StreamHandler.__init__(self, self._open())

    def _open(self):
        return open(self.baseFilename, self.mode, encoding=self.encoding)

    def close(self):
        if self.stream:
            try:
                self.flush()
            finally:
                stream = self.stream
                self.stream = None
                if hasattr(stream, 'close'):
                    stream.close()
        StreamHandler.close(self)

    def emit(self, record):
        if self.stream is None:
            if self.mode != 'w' or not self._closed:
                self.stream = self._open()
        if self.stream:
            StreamHandler.emit(self, record)

    def __repr__(self):
        return '<%s %s (%s)>' % (type(self).__name__, self.baseFilename, getLevelName(self.level))


class _StderrHandler(StreamHandler):
    """lastResort: the message alone on the current sys.stderr."""

    def __init__(self, level=NOTSET):
        Handler.__init__(self, level)

    @property
    def stream(self):
        return sys.stderr


_defaultLastResort = _StderrHandler(WARNING)
lastResort = _defaultLastResort


class NullHandler(Handler):
    """A handler that does nothing (for libraries)."""

    def handle(self, record):
        pass

    def emit(self, record):
        pass


class PlaceHolder:
    def __init__(self, alogger):
        self.loggerMap = {alogger: None}

    def append(self, alogger):
        self.loggerMap[alogger] = None


_loggerClass = None


def setLoggerClass(klass):
    global _loggerClass
    if klass != Logger and not issubclass(klass, Logger):
        raise TypeError('logger not derived from logging.Logger: ' + klass.__name__)
    _loggerClass = klass


def getLoggerClass():
    return _loggerClass


class Manager:
    def __init__(self, rootnode):
        self.root = rootnode
        self.disable = 0
        self.emittedNoHandlerWarning = False
        self.loggerDict = {}
        self.loggerClass = None

    def getLogger(self, name):
        if not isinstance(name, str):
            raise TypeError('A logger name must be a string')
        rv = self.loggerDict.get(name)
        if isinstance(rv, PlaceHolder):
            ph = rv
            rv = (self.loggerClass or _loggerClass)(name)
            rv.manager = self
            self.loggerDict[name] = rv
            self._fixupChildren(ph, rv)
            self._fixupParents(rv)
        elif rv is None:
            rv = (self.loggerClass or _loggerClass)(name)
            rv.manager = self
            self.loggerDict[name] = rv
            self._fixupParents(rv)
        return rv

    def _fixupParents(self, alogger):
        name = alogger.name
        i = name.rfind('.')
        rv = None
        while i > 0 and not rv:
            substr = name[:i]
            if substr not in self.loggerDict:
                self.loggerDict[substr] = PlaceHolder(alogger)
            else:
                obj = self.loggerDict[substr]
                if isinstance(obj, Logger):
                    rv = obj
                else:
                    obj.append(alogger)
            i = name.rfind('.', 0, i - 1)
        if not rv:
            rv = self.root
        alogger.parent = rv

    def _fixupChildren(self, ph, alogger):
        name = alogger.name
        for c in ph.loggerMap.keys():
            if not c.parent.name.startswith(name + '.') and c.parent.name != name:
                alogger.parent = c.parent
                c.parent = alogger

    def _clear_cache(self):
        pass


def _caller():
    # the first frame outside this module: where the logging call was made
    level = 1
    while True:
        info = _gl_source.caller(level)
        if info is None:
            return '(unknown file)', 0, '(unknown function)'
        if info[0] != '<logging>':
            return info
        level += 1


class Logger(Filterer):
    """A named channel of log records; records go to its handlers and, with propagate, its parents'."""

    def __init__(self, name, level=NOTSET):
        Filterer.__init__(self)
        self.name = name
        self.level = _checkLevel(level)
        self.parent = None
        self.propagate = True
        self.handlers = []
        self.disabled = False

    def setLevel(self, level):
        self.level = _checkLevel(level)

    def debug(self, msg, *args, **kwargs):
        if self.isEnabledFor(DEBUG):
            self._log(DEBUG, msg, args, **kwargs)

    def info(self, msg, *args, **kwargs):
        if self.isEnabledFor(INFO):
            self._log(INFO, msg, args, **kwargs)

    def warning(self, msg, *args, **kwargs):
        if self.isEnabledFor(WARNING):
            self._log(WARNING, msg, args, **kwargs)

    def warn(self, msg, *args, **kwargs):
        self.warning(msg, *args, **kwargs)

    def error(self, msg, *args, **kwargs):
        if self.isEnabledFor(ERROR):
            self._log(ERROR, msg, args, **kwargs)

    def exception(self, msg, *args, exc_info=True, **kwargs):
        self.error(msg, *args, exc_info=exc_info, **kwargs)

    def critical(self, msg, *args, **kwargs):
        if self.isEnabledFor(CRITICAL):
            self._log(CRITICAL, msg, args, **kwargs)

    fatal = critical

    def log(self, level, msg, *args, **kwargs):
        if not isinstance(level, int):
            if raiseExceptions:
                raise TypeError('level must be an integer')
            return
        if self.isEnabledFor(level):
            self._log(level, msg, args, **kwargs)

    def findCaller(self, stack_info=False, stacklevel=1):
        fn, lno, func = _caller()
        return fn, lno, func, None

    def makeRecord(self, name, level, fn, lno, msg, args, exc_info, func=None, extra=None, sinfo=None):
        rv = _logRecordFactory(name, level, fn, lno, msg, args, exc_info, func, sinfo)
        if extra is not None:
            for key in extra:
                if key in ['message', 'asctime'] or key in rv.__dict__:
                    raise KeyError('Attempt to overwrite %r in LogRecord' % key)
                rv.__dict__[key] = extra[key]
        return rv

    def _log(self, level, msg, args, exc_info=None, extra=None, stack_info=False, stacklevel=1):
        fn, lno, func, sinfo = self.findCaller(stack_info, stacklevel)
        if exc_info:
            if isinstance(exc_info, BaseException):
                exc_info = (type(exc_info), exc_info, exc_info.__traceback__)
            elif not isinstance(exc_info, tuple):
                exc_info = sys.exc_info()
            if exc_info[0] is None:
                exc_info = None
        record = self.makeRecord(self.name, level, fn, lno, msg, args, exc_info, func, extra, sinfo)
        self.handle(record)

    def handle(self, record):
        if self.disabled:
            return
        if not self.filter(record):
            return
        self.callHandlers(record)

    def addHandler(self, hdlr):
        if hdlr not in self.handlers:
            self.handlers.append(hdlr)

    def removeHandler(self, hdlr):
        if hdlr in self.handlers:
            self.handlers.remove(hdlr)

    def hasHandlers(self):
        c = self
        while c:
            if c.handlers:
                return True
            if not c.propagate:
                break
            c = c.parent
        return False

    def callHandlers(self, record):
        c = self
        found = 0
        while c:
            for hdlr in c.handlers:
                found += 1
                if record.levelno >= hdlr.level:
                    hdlr.handle(record)
            if not c.propagate:
                c = None
            else:
                c = c.parent
        if found == 0:
            if lastResort:
                if record.levelno >= lastResort.level:
                    lastResort.handle(record)
            elif raiseExceptions and not self.manager.emittedNoHandlerWarning:
                sys.stderr.write('No handlers could be found for logger "%s"\n' % self.name)
                self.manager.emittedNoHandlerWarning = True

    def getEffectiveLevel(self):
        logger = self
        while logger:
            if logger.level:
                return logger.level
            logger = logger.parent
        return NOTSET

    def isEnabledFor(self, level):
        if self.disabled:
            return False
        if self.manager.disable >= level:
            return False
        return level >= self.getEffectiveLevel()

    def getChild(self, suffix):
        if self.root is not self:
            suffix = '.'.join((self.name, suffix))
        return self.manager.getLogger(suffix)

    def __repr__(self):
        return '<%s %s (%s)>' % (type(self).__name__, self.name, getLevelName(self.getEffectiveLevel()))


class RootLogger(Logger):
    def __init__(self, level):
        Logger.__init__(self, 'root', level)


_loggerClass = Logger


class LoggerAdapter:
    """Wraps a logger, adding contextual `extra` to every record."""

    def __init__(self, logger, extra=None):
        self.logger = logger
        self.extra = extra

    def process(self, msg, kwargs):
        kwargs['extra'] = self.extra
        return msg, kwargs

    def debug(self, msg, *args, **kwargs):
        self.log(DEBUG, msg, *args, **kwargs)

    def info(self, msg, *args, **kwargs):
        self.log(INFO, msg, *args, **kwargs)

    def warning(self, msg, *args, **kwargs):
        self.log(WARNING, msg, *args, **kwargs)

    def error(self, msg, *args, **kwargs):
        self.log(ERROR, msg, *args, **kwargs)

    def exception(self, msg, *args, exc_info=True, **kwargs):
        self.log(ERROR, msg, *args, exc_info=exc_info, **kwargs)

    def critical(self, msg, *args, **kwargs):
        self.log(CRITICAL, msg, *args, **kwargs)

    def log(self, level, msg, *args, **kwargs):
        if self.isEnabledFor(level):
            msg, kwargs = self.process(msg, kwargs)
            self.logger.log(level, msg, *args, **kwargs)

    def isEnabledFor(self, level):
        return self.logger.isEnabledFor(level)

    def setLevel(self, level):
        self.logger.setLevel(level)

    def getEffectiveLevel(self):
        return self.logger.getEffectiveLevel()

    def hasHandlers(self):
        return self.logger.hasHandlers()

    @property
    def name(self):
        return self.logger.name

    def __repr__(self):
        logger = self.logger
        return '<%s %s (%s)>' % (type(self).__name__, logger.name, getLevelName(logger.getEffectiveLevel()))


root = RootLogger(WARNING)
Logger.root = root
Logger.manager = Manager(Logger.root)
root.manager = Logger.manager


def basicConfig(**kwargs):
    """Configure the root logger once: a stream or file handler with a format and a level."""
    force = kwargs.pop('force', False)
    encoding = kwargs.pop('encoding', None)
    errors = kwargs.pop('errors', 'backslashreplace')
    if force:
        for h in root.handlers[:]:
            root.removeHandler(h)
            h.close()
    if len(root.handlers) == 0:
        handlers = kwargs.pop('handlers', None)
        if handlers is None:
            if 'stream' in kwargs and 'filename' in kwargs:
                raise ValueError("'stream' and 'filename' should not be specified together")
        else:
            if 'stream' in kwargs or 'filename' in kwargs:
                raise ValueError("'stream' or 'filename' should not be specified together with 'handlers'")
        if handlers is None:
            filename = kwargs.pop('filename', None)
            mode = kwargs.pop('filemode', 'a')
            if filename:
                h = FileHandler(filename, mode, encoding=encoding, errors=errors)
            else:
                stream = kwargs.pop('stream', None)
                h = StreamHandler(stream)
            handlers = [h]
        dfs = kwargs.pop('datefmt', None)
        style = kwargs.pop('style', '%')
        if style not in _STYLES:
            raise ValueError('Style must be one of: %s' % ','.join(_STYLES.keys()))
        fs = kwargs.pop('format', _STYLES[style].default_format if style != '%' else BASIC_FORMAT)
        fmt = Formatter(fs, dfs, style)
        for h in handlers:
            if h.formatter is None:
                h.setFormatter(fmt)
            root.addHandler(h)
        level = kwargs.pop('level', None)
        if level is not None:
            root.setLevel(level)
        if kwargs:
            keys = ', '.join(kwargs.keys())
            raise ValueError('Unrecognised argument(s): %s' % keys)


def getLogger(name=None):
    """The logger of that dotted name (made on first use), or the root logger."""
    if not name or isinstance(name, str) and name == root.name:
        return root
    return Logger.manager.getLogger(name)


def critical(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.critical(msg, *args, **kwargs)


fatal = critical


def error(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.error(msg, *args, **kwargs)


def exception(msg, *args, exc_info=True, **kwargs):
    error(msg, *args, exc_info=exc_info, **kwargs)


def warning(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.warning(msg, *args, **kwargs)


def warn(msg, *args, **kwargs):
    warning(msg, *args, **kwargs)


def info(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.info(msg, *args, **kwargs)


def debug(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.debug(msg, *args, **kwargs)


def log(level, msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.log(level, msg, *args, **kwargs)


def disable(level=CRITICAL):
    root.manager.disable = level


def shutdown(handlerList=None):
    for h in reversed(list(_handlers if handlerList is None else handlerList)):
        try:
            h.flush()
            h.close()
        except (OSError, ValueError):
            pass


_warnings_showwarning = None


def _showwarning(message, category, filename, lineno, file=None, line=None):
    if file is not None:
        if _warnings_showwarning is not None:
            _warnings_showwarning(message, category, filename, lineno, file, line)
    else:
        import warnings
        s = warnings.formatwarning(message, category, filename, lineno, line)
        logger = getLogger('py.warnings')
        if not logger.handlers:
            logger.addHandler(NullHandler())
        logger.warning('%s', s)


def captureWarnings(capture):
    """Route warnings.warn through the 'py.warnings' logger (True) or back to stderr (False)."""
    global _warnings_showwarning
    import warnings
    if capture:
        if _warnings_showwarning is None:
            _warnings_showwarning = warnings.showwarning
            warnings.showwarning = _showwarning
    else:
        if _warnings_showwarning is not None:
            warnings.showwarning = _warnings_showwarning
            _warnings_showwarning = None
