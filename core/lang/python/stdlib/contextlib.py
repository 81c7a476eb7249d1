# The `contextlib` module: context-manager helpers (contextmanager, suppress, nullcontext, closing,
# ExitStack, redirect_stdout / redirect_stderr, ContextDecorator), written from the documented
# behaviour of CPython 3.11's contextlib.
import sys as _sys

__all__ = ['AbstractContextManager', 'ContextDecorator', 'ExitStack', 'closing', 'contextmanager',
           'nullcontext', 'redirect_stderr', 'redirect_stdout', 'suppress', 'chdir']


class AbstractContextManager:
    """An abstract base class for context managers."""

    def __enter__(self):
        """Return `self` upon entering the runtime context."""
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        """Raise any exception triggered within the runtime context."""
        return None


class ContextDecorator:
    """A base class or mixin that enables context managers to work as decorators."""

    def _recreate_cm(self):
        return self

    def __call__(self, func):
        def inner(*args, **kwds):
            with self._recreate_cm():
                return func(*args, **kwds)
        _copy_function_metadata(inner, func)
        return inner


def _copy_function_metadata(wrapper, wrapped):
    for name in ('__module__', '__name__', '__qualname__', '__doc__'):
        try:
            value = getattr(wrapped, name)
        except AttributeError:
            continue
        try:
            setattr(wrapper, name, value)
        except (AttributeError, TypeError):
            pass
    try:
        wrapper.__dict__.update(getattr(wrapped, '__dict__', {}))
    except (AttributeError, TypeError):
        pass
    try:
        wrapper.__wrapped__ = wrapped
    except (AttributeError, TypeError):
        pass


class _GeneratorContextManager(ContextDecorator, AbstractContextManager):
    """Helper for @contextmanager."""

    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)
        self.func, self.args, self.kwds = func, args, kwds
        doc = getattr(func, '__doc__', None)
        if doc is None:
            doc = type(self).__doc__
        self.__doc__ = doc

    def _recreate_cm(self):
        return self.__class__(self.func, self.args, self.kwds)

    def __enter__(self):
        # args and kwds are kept only for _recreate_cm; drop them as CPython does
        del self.args, self.kwds, self.func
        try:
            return next(self.gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, typ, value, traceback):
        if typ is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            else:
                raise RuntimeError("generator didn't stop")
        if value is None:
            value = typ()
        try:
            self.gen.throw(value)
        except StopIteration as exc:
            return exc is not value
        except RuntimeError as exc:
            if exc is value:
                return False
            if isinstance(value, StopIteration) and exc.__cause__ is value:
                return False
            raise
        except BaseException as exc:
            if exc is not value:
                raise
            return False
        raise RuntimeError("generator didn't stop after throw()")


def contextmanager(func):
    """@contextmanager decorator: a generator function becomes a context-manager factory."""
    def helper(*args, **kwds):
        return _GeneratorContextManager(func, args, kwds)
    _copy_function_metadata(helper, func)
    return helper


class closing(AbstractContextManager):
    """Context to automatically close something at the end of a block."""

    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()


class nullcontext(AbstractContextManager):
    """Context manager that does no additional processing."""

    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *excinfo):
        pass


class suppress(AbstractContextManager):
    """Context manager to suppress the given exception types."""

    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __enter__(self):
        pass

    def __exit__(self, exctype, excinst, exctb):
        return exctype is not None and issubclass(exctype, self._exceptions)


class _RedirectStream(AbstractContextManager):
    _stream = None

    def __init__(self, new_target):
        self._new_target = new_target
        self._old_targets = []

    def __enter__(self):
        self._old_targets.append(getattr(_sys, self._stream))
        setattr(_sys, self._stream, self._new_target)
        return self._new_target

    def __exit__(self, exctype, excinst, exctb):
        setattr(_sys, self._stream, self._old_targets.pop())


class redirect_stdout(_RedirectStream):
    """Context manager for temporarily redirecting stdout to another file."""
    _stream = 'stdout'


class redirect_stderr(_RedirectStream):
    """Context manager for temporarily redirecting stderr to another file."""
    _stream = 'stderr'


class ExitStack(AbstractContextManager):
    """Context manager for dynamic management of a stack of exit callbacks."""

    def __init__(self):
        self._exit_callbacks = []

    def pop_all(self):
        """Preserve the context stack by transferring it to a new instance."""
        new_stack = type(self)()
        new_stack._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = []
        return new_stack

    def push(self, exit):
        """Registers a callback with the standard __exit__ method signature."""
        exit_method = getattr(type(exit), '__exit__', None)
        if exit_method is None:
            self._exit_callbacks.append((True, exit))
        else:
            self._exit_callbacks.append((True, _bind_exit(exit, exit_method)))
        return exit

    def enter_context(self, cm):
        """Enters the supplied context manager; its __exit__ joins the callback stack."""
        cls = type(cm)
        try:
            enter = cls.__enter__
            exit = cls.__exit__
        except AttributeError:
            raise TypeError(f"'{cls.__module__}.{cls.__qualname__}' object does "
                            f"not support the context manager protocol") from None
        result = enter(cm)
        self._exit_callbacks.append((True, _bind_exit(cm, exit)))
        return result

    def callback(self, callback, /, *args, **kwds):
        """Registers an arbitrary callback and arguments; it cannot suppress exceptions."""
        def _exit_wrapper(exc_type, exc, tb):
            callback(*args, **kwds)
        _exit_wrapper.__wrapped__ = callback
        self._exit_callbacks.append((False, _exit_wrapper))
        return callback

    def close(self):
        """Immediately unwind the context stack."""
        self.__exit__(None, None, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc_details):
        # Unwind the callbacks last-in first-out. `pending` is the exception propagating at each
        # step: a callback that returns true swallows it, one that raises replaces it (keeping the
        # one it replaced as its __context__).
        received = exc_details[1] if exc_details[0] is not None else None
        pending = received
        suppressed = False
        raised_here = False
        while self._exit_callbacks:
            _, cb = self._exit_callbacks.pop()
            try:
                if pending is None:
                    result = cb(None, None, None)
                else:
                    result = cb(type(pending), pending, pending.__traceback__)
            except BaseException as new_exc:
                if pending is not None and new_exc is not pending:
                    _link_context(new_exc, pending, received)
                pending = new_exc
                raised_here = True
            else:
                if result and pending is not None:
                    pending = None
                    suppressed = True
                    raised_here = False
        if raised_here:
            saved = pending.__context__
            try:
                raise pending
            except BaseException:
                pending.__context__ = saved
                raise
        return received is not None and suppressed


def _bind_exit(cm, exit_method):
    def _exit(exc_type, exc, tb):
        return exit_method(cm, exc_type, exc, tb)
    return _exit


def _link_context(exc, prev, outer):
    # Make `prev` the context of `exc`'s chain: at its end, or in place of the with-block's own
    # exception `outer` that the interpreter attached while __exit__ ran.
    node = exc
    while True:
        ctx = node.__context__
        if ctx is prev:
            return
        if ctx is None or ctx is outer:
            node.__context__ = prev
            return
        node = ctx
