# `timeit` for callables: GraphLens has no compile()/exec, so a statement given as a string
# cannot be run and raises NotImplementedError (only the default 'pass', or blank text, is
# accepted, as doing nothing). The timing loop, the timer calls and autorange's steps are
# CPython 3.11's, so a script that passes its own timer sees the same numbers.
import gc
import sys
import time

__all__ = ['Timer', 'timeit', 'repeat', 'default_timer']

dummy_src_name = '<timeit-src>'
default_number = 1000000
default_repeat = 5
default_timer = time.perf_counter


def _nothing():
    pass


def _as_callable(what, code):
    if callable(code):
        return code
    if isinstance(code, str):
        if code.strip() in ('', 'pass'):
            return _nothing
        raise NotImplementedError('GraphLens cannot compile the %s string %r (no compile/exec): '
                                  'pass a callable instead' % (what, code))
    raise ValueError('%s is neither a string nor callable' % what)


class Timer:
    def __init__(self, stmt='pass', setup='pass', timer=default_timer, globals=None):
        self.timer = timer
        self._stmt = _as_callable('stmt', stmt)
        self._setup = _as_callable('setup', setup)
        self.src = None

    def inner(self, it, timer):
        setup = self._setup
        stmt = self._stmt
        setup()
        t0 = timer()
        for _ in it:
            stmt()
        t1 = timer()
        return t1 - t0

    def print_exc(self, file=None):
        import traceback
        traceback.print_exc(file=file)

    def timeit(self, number=default_number):
        it = range(number)
        gcold = gc.isenabled()
        gc.disable()
        try:
            timing = self.inner(it, self.timer)
        finally:
            if gcold:
                gc.enable()
        return timing

    def repeat(self, repeat=default_repeat, number=default_number):
        r = []
        for i in range(repeat):
            r.append(self.timeit(number))
        return r

    def autorange(self, callback=None):
        i = 1
        while True:
            for j in 1, 2, 5:
                number = i * j
                time_taken = self.timeit(number)
                if callback:
                    callback(number, time_taken)
                if time_taken >= 0.2:
                    return (number, time_taken)
            i *= 10


def timeit(stmt='pass', setup='pass', timer=default_timer, number=default_number, globals=None):
    return Timer(stmt, setup, timer, globals).timeit(number)


def repeat(stmt='pass', setup='pass', timer=default_timer, repeat=default_repeat,
           number=default_number, globals=None):
    return Timer(stmt, setup, timer, globals).repeat(repeat, number)


def main(args=None, *, _wrap_timer=None):
    raise NotImplementedError('GraphLens has no command line for timeit: call timeit.timeit()')
