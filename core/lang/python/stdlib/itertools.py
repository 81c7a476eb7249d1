# The `itertools` module: iterator building blocks, written from the documented behaviour of
# CPython 3.11's itertools. Each iterator is a class (type(chain()) is itertools.chain); most
# delegate their __next__ to a generator made in __init__, after the arguments CPython checks
# eagerly (iter() of the inputs, islice's indices, r and repeat) have been checked.

__all__ = ['accumulate', 'chain', 'combinations', 'combinations_with_replacement', 'compress',
           'count', 'cycle', 'dropwhile', 'filterfalse', 'groupby', 'islice', 'pairwise',
           'permutations', 'product', 'repeat', 'starmap', 'takewhile', 'tee', 'zip_longest']

_MAXSIZE = 9223372036854775807


class _GenIter:
    # Base of the iterators whose items come from the generator self._gen.
    def __iter__(self):
        return self

    def __next__(self):
        return next(self._gen)


def _is_number(x):
    if isinstance(x, (int, float)):
        return True
    t = type(x)
    return hasattr(t, '__index__') or hasattr(t, '__int__') or hasattr(t, '__float__')


class count:
    """Return a count object whose .__next__() method returns consecutive values."""

    def __init__(self, start=0, step=1):
        if not _is_number(start) or not _is_number(step):
            raise TypeError('a number is required')
        self._n = start
        self._step = step

    def __iter__(self):
        return self

    def __next__(self):
        n = self._n
        self._n = n + self._step
        return n

    def __repr__(self):
        if type(self._step) is int and self._step == 1:
            return f'{type(self).__name__}({self._n!r})'
        return f'{type(self).__name__}({self._n!r}, {self._step!r})'


class repeat:
    """repeat(object [,times]) -> create an iterator which returns the object for the specified
    number of times.  If not specified, returns the object endlessly."""

    def __init__(self, object, times=None):
        self._obj = object
        if times is not None:
            if not isinstance(times, int):
                raise TypeError(f"'{type(times).__name__}' object cannot be interpreted as an integer")
            if times < 0:
                times = 0
        self._times = times

    def __iter__(self):
        return self

    def __next__(self):
        if self._times is None:
            return self._obj
        if self._times <= 0:
            raise StopIteration
        self._times -= 1
        return self._obj

    def __length_hint__(self):
        if self._times is None:
            raise TypeError('len() of unsized object')
        return self._times

    def __repr__(self):
        if self._times is None:
            return f'{type(self).__name__}({self._obj!r})'
        return f'{type(self).__name__}({self._obj!r}, {self._times})'


class cycle(_GenIter):
    """Return elements from the iterable until it is exhausted. Then repeat the sequence
    indefinitely."""

    def __init__(self, iterable, /):
        self._gen = self._run(iter(iterable))

    @staticmethod
    def _run(it):
        saved = []
        for item in it:
            saved.append(item)
            yield item
        while saved:
            yield from saved


class accumulate(_GenIter):
    """Return series of accumulated sums (or other binary function results)."""

    def __init__(self, iterable, func=None, *, initial=None):
        self._gen = self._run(iter(iterable), func, initial)

    @staticmethod
    def _run(it, func, total):
        if total is not None:
            yield total
        else:
            for total in it:
                yield total
                break
            else:
                return
        if func is None:
            for item in it:
                total = total + item
                yield total
        else:
            for item in it:
                total = func(total, item)
                yield total


class chain(_GenIter):
    """Return a chain object whose .__next__() method returns elements from the first iterable
    until it is exhausted, then elements from the next iterable, until all of the iterables are
    exhausted."""

    def __init__(self, *iterables):
        self._gen = self._run(iter(iterables))

    @staticmethod
    def _run(iterables):
        for iterable in iterables:
            yield from iterable

    @classmethod
    def from_iterable(cls, iterable, /):
        """Alternative chain() constructor taking a single iterable argument that evaluates
        lazily."""
        self = cls()
        self._gen = cls._run(iter(iterable))
        return self


class compress(_GenIter):
    """Return data elements corresponding to true selector elements."""

    def __init__(self, data, selectors):
        self._gen = self._run(iter(data), iter(selectors))

    @staticmethod
    def _run(data, selectors):
        for d, s in zip(data, selectors):
            if s:
                yield d


class dropwhile(_GenIter):
    """Drop items from the iterable while predicate(item) is true."""

    def __init__(self, predicate, iterable, /):
        self._gen = self._run(predicate, iter(iterable))

    @staticmethod
    def _run(predicate, it):
        for item in it:
            if not predicate(item):
                yield item
                break
        yield from it


class takewhile(_GenIter):
    """Return successive entries from an iterable as long as the predicate evaluates to true
    for each entry."""

    def __init__(self, predicate, iterable, /):
        self._gen = self._run(predicate, iter(iterable))

    @staticmethod
    def _run(predicate, it):
        for item in it:
            if not predicate(item):
                return
            yield item


class filterfalse(_GenIter):
    """Return those items of iterable for which function(item) is false."""

    def __init__(self, function, iterable, /):
        self._gen = self._run(function, iter(iterable))

    @staticmethod
    def _run(function, it):
        if function is None:
            for item in it:
                if not item:
                    yield item
        else:
            for item in it:
                if not function(item):
                    yield item


class starmap(_GenIter):
    """Return an iterator whose values are returned from the function evaluated with an argument
    tuple taken from the given sequence."""

    def __init__(self, function, iterable, /):
        self._gen = self._run(function, iter(iterable))

    @staticmethod
    def _run(function, it):
        for args in it:
            yield function(*args)


class pairwise(_GenIter):
    """Return an iterator of overlapping pairs taken from the input iterator."""

    def __init__(self, iterable, /):
        self._gen = self._run(iter(iterable))

    @staticmethod
    def _run(it):
        for prev in it:
            break
        else:
            return
        for item in it:
            yield (prev, item)
            prev = item


class groupby:
    """make an iterator that returns consecutive keys and groups from the iterable"""

    def __init__(self, iterable, key=None):
        self._it = iter(iterable)
        self._keyfunc = key
        self._has_ahead = False  # an item read from _it but not yet handed out
        self._ahead = self._ahead_key = None
        self._group = None       # token of the current group; its _grouper checks it
        self._in_group = False   # whether the current group may still have items
        self._gkey = None

    def __iter__(self):
        return self

    def _fetch(self):
        value = next(self._it)
        self._ahead = value
        self._ahead_key = value if self._keyfunc is None else self._keyfunc(value)
        self._has_ahead = True

    def __next__(self):
        if self._in_group:
            # skip what is left of the current group
            while True:
                if not self._has_ahead:
                    try:
                        self._fetch()
                    except StopIteration:
                        self._in_group = False
                        self._group = None
                        raise
                if self._ahead_key == self._gkey:
                    self._has_ahead = False
                    continue
                break
        if not self._has_ahead:
            self._group = None
            self._in_group = False
            self._fetch()
        self._gkey = self._ahead_key
        self._group = token = object()
        self._in_group = True
        return (self._gkey, _grouper(self, token))


class _grouper:
    def __init__(self, parent, token):
        self._parent = parent
        self._token = token

    def __iter__(self):
        return self

    def __next__(self):
        p = self._parent
        if p._group is not self._token or not p._in_group:
            raise StopIteration
        if not p._has_ahead:
            try:
                p._fetch()
            except StopIteration:
                p._in_group = False
                raise
        if p._ahead_key == p._gkey:
            p._has_ahead = False
            return p._ahead
        p._in_group = False
        raise StopIteration


def _islice_index(value, message):
    if value is None:
        return None
    try:
        i = value.__index__() if not isinstance(value, int) else int(value)
    except AttributeError:
        raise ValueError(message) from None
    if i < 0 or i > _MAXSIZE:
        raise ValueError(message)
    return i


class islice(_GenIter):
    """islice(iterable, stop) --> islice object
    islice(iterable, start, stop[, step]) --> islice object"""

    def __init__(self, *args):
        if len(args) < 2:
            raise TypeError(f'islice expected at least 2 arguments, got {len(args)}')
        if len(args) > 4:
            raise TypeError(f'islice expected at most 4 arguments, got {len(args)}')
        it = args[0]
        stop_msg = 'Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.'
        if len(args) == 2:
            start, stop, step = 0, _islice_index(args[1], stop_msg), 1
        else:
            stop = _islice_index(args[2], stop_msg)
            start = _islice_index(args[1], 'Indices for islice() must be None or an integer: '
                                  '0 <= x <= sys.maxsize.')
            if start is None:
                start = 0
            step = args[3] if len(args) == 4 else None
            if step is None:
                step = 1
            else:
                try:
                    step = step.__index__() if not isinstance(step, int) else int(step)
                except AttributeError:
                    step = 0
                if step <= 0:
                    raise ValueError('Step for islice() must be a positive integer or None.')
        self._gen = self._run(iter(it), start, stop, step)

    @staticmethod
    def _run(it, start, stop, step):
        # Items are read only as far as needed: up to the next index to yield, never past stop.
        count = 0
        target = start if stop is None else min(start, stop)
        while True:
            while count < target:
                try:
                    next(it)
                except StopIteration:
                    return
                count += 1
            if stop is not None and count >= stop:
                return
            try:
                item = next(it)
            except StopIteration:
                return
            count += 1
            yield item
            target += step
            if stop is not None and target > stop:
                target = stop


class _tee_link:
    __slots__ = ('value', 'next')

    def __init__(self):
        self.next = None


class _tee:
    """Iterator wrapped to make it copyable."""

    def __init__(self, it, link):
        self._it = it
        self._link = link

    def __iter__(self):
        return self

    def __next__(self):
        link = self._link
        if link.next is None:
            value = next(self._it)
            new = _tee_link()
            new.value = value
            link.next = new
        self._link = link.next
        return self._link.value

    def __copy__(self):
        return _tee(self._it, self._link)


def tee(iterable, n=2, /):
    """Returns a tuple of n independent iterators."""
    if not isinstance(n, int):
        raise TypeError(f"'{type(n).__name__}' object cannot be interpreted as an integer")
    if n < 0:
        raise ValueError('n must be >= 0')
    if n == 0:
        return ()
    if isinstance(iterable, _tee):
        first = iterable.__copy__()
    else:
        first = _tee(iter(iterable), _tee_link())
    return tuple([first] + [first.__copy__() for _ in range(n - 1)])


class zip_longest(_GenIter):
    """Return a zip_longest object whose .__next__() method returns a tuple where the i-th
    element comes from the i-th iterable argument."""

    def __init__(self, *args, **kwds):
        fillvalue = None
        for k in kwds:
            if k != 'fillvalue':
                raise TypeError('zip_longest() got an unexpected keyword argument')
            fillvalue = kwds[k]
        self._gen = self._run([iter(a) for a in args], fillvalue)

    @staticmethod
    def _run(iterators, fillvalue):
        if not iterators:
            return
        active = len(iterators)
        done = [False] * len(iterators)
        while True:
            row = []
            for i, it in enumerate(iterators):
                if done[i]:
                    row.append(fillvalue)
                    continue
                try:
                    row.append(next(it))
                except StopIteration:
                    done[i] = True
                    active -= 1
                    if not active:
                        return
                    row.append(fillvalue)
            yield tuple(row)


def _check_r(r, message=None):
    if not isinstance(r, int):
        raise TypeError(message or f"'{type(r).__name__}' object cannot be interpreted as an integer")
    if r < 0:
        raise ValueError('r must be non-negative')
    return r


class product(_GenIter):
    """Cartesian product of input iterables.  Equivalent to nested for-loops."""

    def __init__(self, *iterables, repeat=1):
        if not isinstance(repeat, int):
            raise TypeError(f"'{type(repeat).__name__}' object cannot be interpreted as an integer")
        if repeat < 0:
            raise ValueError('repeat argument cannot be negative')
        pools = [tuple(p) for p in iterables] * repeat
        self._gen = self._run(pools)

    @staticmethod
    def _run(pools):
        for p in pools:
            if not p:
                return
        n = len(pools)
        idx = [0] * n
        yield tuple(p[0] for p in pools)
        while True:
            # advance the rightmost index that can move; reset the ones to its right
            i = n - 1
            while i >= 0 and idx[i] == len(pools[i]) - 1:
                i -= 1
            if i < 0:
                return
            idx[i] += 1
            for j in range(i + 1, n):
                idx[j] = 0
            yield tuple(pools[k][idx[k]] for k in range(n))


class permutations(_GenIter):
    """Return successive r-length permutations of elements in the iterable."""

    def __init__(self, iterable, r=None):
        pool = tuple(iterable)
        r = len(pool) if r is None else _check_r(r, 'Expected int as r')
        self._gen = self._run(pool, r)

    @staticmethod
    def _run(pool, r):
        n = len(pool)
        if r > n:
            return
        used = [False] * n
        chosen = []

        def extend():
            # depth-first over unused positions in index order: lexicographic by position
            if len(chosen) == r:
                yield tuple(pool[i] for i in chosen)
                return
            for i in range(n):
                if not used[i]:
                    used[i] = True
                    chosen.append(i)
                    yield from extend()
                    chosen.pop()
                    used[i] = False
        yield from extend()


class combinations(_GenIter):
    """Return successive r-length combinations of elements in the iterable."""

    def __init__(self, iterable, r):
        pool = tuple(iterable)
        self._gen = self._run(pool, _check_r(r))

    @staticmethod
    def _run(pool, r):
        n = len(pool)
        if r > n:
            return
        idx = list(range(r))
        yield tuple(pool[i] for i in idx)
        while True:
            # the rightmost index not yet at its largest value (n - r + its position)
            i = r - 1
            while i >= 0 and idx[i] == i + n - r:
                i -= 1
            if i < 0:
                return
            idx[i] += 1
            for j in range(i + 1, r):
                idx[j] = idx[j - 1] + 1
            yield tuple(pool[k] for k in idx)


class combinations_with_replacement(_GenIter):
    """Return successive r-length combinations of elements in the iterable allowing individual
    elements to have successive repeats."""

    def __init__(self, iterable, r):
        pool = tuple(iterable)
        self._gen = self._run(pool, _check_r(r))

    @staticmethod
    def _run(pool, r):
        n = len(pool)
        if not n and r:
            return
        idx = [0] * r
        yield tuple(pool[i] for i in idx)
        while True:
            i = r - 1
            while i >= 0 and idx[i] == n - 1:
                i -= 1
            if i < 0:
                return
            v = idx[i] + 1
            for j in range(i, r):
                idx[j] = v
            yield tuple(pool[k] for k in idx)
