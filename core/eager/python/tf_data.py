# tf.data for GraphLens: the Python source of the `tensorflow.data` module (run into its own module
# dict; `_tf` is the tensorflow module, `_core` its native primitives).
#
# A dataset yields elements (a nested structure of tensors: one tensor, tuple, list or dict) from
# `_iter()`. Datasets over in-memory tensors (from_tensor_slices, range, and shuffle / take / skip
# on top of them) are also random access (`_ra_len()`, `_ra_view()`: a rows function for one
# pass), so that batch() slices or gathers whole batches at once instead of stacking elements one by one.
# shuffle reproduces TF's ShuffleDatasetOp: a Philox stream (SingleSampleAdapter over
# PhiloxRandom(seed, seed2)) draws the per-iteration seeds (RandomSeedGenerator, or the fixed seeds
# when reshuffle_each_iteration=False), and each iteration draws from a circular buffer.

AUTOTUNE = -1
INFINITE_CARDINALITY = -1
UNKNOWN_CARDINALITY = -2
_DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2 ** 31 - 1


def _flatten(x):
    return _tf.nest.flatten(x)


def _pack(structure, flat):
    return _tf._nest_pack(structure, list(flat))


# tf.TensorSpec (defined with tf.function, core/eager/python/tf_function.py).
TensorSpec = _tf.TensorSpec


def _spec_of(t, batched=False):
    dims = list(_core.shape_of(t))
    if batched:
        dims = dims[1:]
    return TensorSpec(dims, t.dtype)


def _map_spec(spec, fn):
    return _pack(spec, [fn(s) for s in _flatten(spec)])


def _to_tensor(x):
    if _tf.is_tensor(x):
        return x
    if _core.is_variable(x):
        return x.read_value()
    return _tf.convert_to_tensor(x)


def _normalize_structure(x):
    # Python lists of numbers / nested lists are tensors (TF treats a list as one component).
    if isinstance(x, tuple):
        return tuple(_normalize_structure(v) for v in x)
    if isinstance(x, dict):
        items = {k: _normalize_structure(v) for k, v in x.items()}
        return items if type(x) is dict else _pack(x, _flatten(items))  # an OrderedDict stays one
    return _to_tensor(x)


def _random_seeds(seed):
    # tf.data's random_seed.get_seed: (global, op) seeds, (0, 0) -> (0, 2**31 - 1).
    if seed is None and _tf.random.get_global_seed() is None:
        return 0, 0
    if seed is not None and _tf.random.get_global_seed() is None:
        s1, s2 = _DEFAULT_GRAPH_SEED, int(seed) & 0x7FFFFFFFFFFFFFFF
    else:
        s1, s2 = _core.rand_get_seed(seed)
    if s1 == 0 and s2 == 0:
        s2 = _MAXINT32
    return s1, s2


class _PhiloxStream:
    # TF's SingleSampleAdapter<PhiloxRandom>: one uint32 at a time.
    def __init__(self, s1, s2):
        self._s1 = s1
        self._s2 = s2
        self._pos = 0
        self._buf = []
        self._bi = 0

    def next(self):
        if self._bi >= len(self._buf):
            self._buf = _core.philox_u32(self._s1, self._s2, self._pos, 256)
            self._pos += 256
            self._bi = 0
        v = self._buf[self._bi]
        self._bi += 1
        return v


def _shuffle_iter(src, buffer_size, s1, s2):
    # ShuffleDatasetOp's iterator over one epoch of `src`.
    rng = _PhiloxStream(s1, s2)
    buf = [None] * buffer_size
    start = 0
    end = 0
    exhausted = False
    while True:
        while not exhausted and end - start < buffer_size:
            try:
                x = next(src)
            except StopIteration:
                exhausted = True
                break
            buf[end % buffer_size] = x
            end += 1
        if end == start:
            return
        idx = (start + rng.next() % (end - start)) % buffer_size
        s = start % buffer_size
        out = buf[idx]
        buf[idx] = buf[s]
        buf[s] = None
        start += 1
        yield out


def _numpy_gen(it):
    for e in it:
        yield _pack(e, [t.numpy() for t in _flatten(e)])


class Dataset:
    _spec = None

    # ----- construction ---------------------------------------------------------------------
    @staticmethod
    def from_tensor_slices(tensors, name=None):
        return _TensorSliceDataset(tensors)

    @staticmethod
    def from_tensors(tensors, name=None):
        return _TensorDataset(tensors)

    @staticmethod
    def range(*args, **kwargs):
        dtype = kwargs.get("output_type", _tf.int64)
        if _core.tracing():
            return _graph_range(args, dtype)
        return _RangeDataset(args, dtype)

    @staticmethod
    def zip(*datasets, name=None):
        if len(datasets) == 1 and isinstance(datasets[0], (tuple, list, dict)):
            datasets = datasets[0]
        return _ZipDataset(datasets)

    @staticmethod
    def from_generator(generator, output_types=None, output_shapes=None, args=None, output_signature=None, name=None):
        return _GeneratorDataset(generator, args, output_signature, output_types, output_shapes)

    # ----- transformations ------------------------------------------------------------------
    def map(self, map_func, num_parallel_calls=None, deterministic=None, name=None):
        return _MapDataset(self, map_func)

    def filter(self, predicate, name=None):
        return _FilterDataset(self, predicate)

    def batch(self, batch_size, drop_remainder=False, num_parallel_calls=None, deterministic=None, name=None):
        return _BatchDataset(self, int(batch_size), bool(drop_remainder))

    def unbatch(self, name=None):
        return _UnbatchDataset(self)

    def padded_batch(self, batch_size, padded_shapes=None, padding_values=None, drop_remainder=False, name=None):
        return _PaddedBatchDataset(self, int(batch_size), padded_shapes, padding_values, bool(drop_remainder))

    def window(self, size, shift=None, stride=1, drop_remainder=False, name=None):
        return _WindowDataset(self, int(size), int(size if shift is None else shift), int(stride),
                              bool(drop_remainder))

    def flat_map(self, map_func, name=None):
        return _FlatMapDataset(self, map_func, "flat_map")

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=None, name=None):
        return _ShuffleDataset(self, int(buffer_size), seed, reshuffle_each_iteration is not False)

    def repeat(self, count=None, name=None):
        return _RepeatDataset(self, -1 if count is None else int(count))

    def take(self, count, name=None):
        return _TakeDataset(self, int(count))

    def skip(self, count, name=None):
        return _SkipDataset(self, int(count))

    def prefetch(self, buffer_size, name=None):
        return _PrefetchDataset(self)

    def cache(self, filename="", name=None):
        return _CacheDataset(self)

    def enumerate(self, start=0, name=None):
        return _ZipDataset((_RangeDataset((start, start + (2 ** 62)), _tf.int64), self))

    def concatenate(self, dataset, name=None):
        return _ConcatDataset(self, dataset)

    def apply(self, transformation_func):
        return transformation_func(self)

    # ----- iteration and inspection ---------------------------------------------------------
    # `_iter()` creates the iterator at once (as TF's iterator initialization does: a shuffle draws
    # its seeds when the iterator is made, not at the first element) and returns a generator.
    def __iter__(self):
        return self._iter()

    def as_numpy_iterator(self):
        return _numpy_gen(self._iter())

    @property
    def element_spec(self):
        return self._get_spec()

    def _get_spec(self):
        # computed lazily: a map() spec runs the function, which must not disturb a shuffle's seeds
        if self._spec is None and "_src" in self.__dict__:
            return self._src._get_spec()
        return self._spec

    def _card(self):
        return UNKNOWN_CARDINALITY

    def cardinality(self):
        return _tf.constant(self._card(), _tf.int64)

    def __len__(self):
        c = self._card()
        if c == INFINITE_CARDINALITY:
            raise TypeError("The dataset is infinite.")
        if c == UNKNOWN_CARDINALITY:
            raise TypeError("The dataset length is unknown.")
        return c

    def __bool__(self):
        return True

    def _ra_len(self):
        return None

    def _ra_view(self):
        return None

    def reduce(self, initial_state, reduce_func, name=None):
        state = initial_state
        for e in self._iter():
            state = reduce_func(state, e)
        return state

    def __repr__(self):
        # TF's class names: <_MapDataset ...>, <_TensorSliceDataset ...>, <CsvDatasetV2 ...>
        return "<%s element_spec=%r>" % (getattr(type(self), "_tf_class", type(self).__name__), self._get_spec())

    # ----- as a tf.function argument (core/eager/function.cpp) --------------------------------
    def _graphlens_variant(self):
        # What a call feeds the dataset's placeholder: its elements, made now (as the function's
        # iterator would make them).
        if self._card() == INFINITE_CARDINALITY:
            raise NotImplementedError("GraphLens passes only finite datasets to a tf.function")
        return _core.dataset_from_elements([_flatten(_normalize_structure(e)) for e in self._iter()])

    def _graphlens_in_graph(self, variant):
        return _GraphDataset(variant, self._get_spec())

    def _graphlens_spec_key(self):
        # The trace type (TF's DatasetSpec): the element spec.
        return "DatasetSpec(%r)" % (self._get_spec(),)


DatasetV2 = Dataset


class _TensorSliceDataset(Dataset):
    def __init__(self, tensors):
        self._structure = _normalize_structure(tensors)
        self._flat = _flatten(self._structure)
        n = None
        for t in self._flat:
            shp = _core.shape_of(t)
            if len(shp) == 0:
                raise ValueError("Unbatching a tensor is only supported for rank >= 1")
            if n is not None and shp[0] != n:
                raise ValueError("Dimensions %d and %d are not compatible" % (n, shp[0]))
            n = shp[0]
        self._n = n
        self._spec = _pack(self._structure, [_spec_of(t, True) for t in self._flat])

    def _card(self):
        return self._n

    def _iter(self):
        return self._gen()

    def _gen(self):
        cols = [_tf.unstack(t) if self._n else [] for t in self._flat]
        st = self._structure
        for i in range(self._n):
            yield _pack(st, [c[i] for c in cols])

    def _ra_len(self):
        return self._n

    def _ra_view(self):
        return self._rows

    def _rows(self, idx):
        # idx: (start, stop) for a contiguous range, else a list of row indices
        if isinstance(idx, tuple):
            a, b = idx
            return _pack(self._structure, [t[a:b] for t in self._flat])
        it = _tf.constant(idx, _tf.int64)
        return _pack(self._structure, [_tf.gather(t, it) for t in self._flat])


class _TensorDataset(Dataset):
    def __init__(self, tensors):
        self._structure = _normalize_structure(tensors)
        self._spec = _map_spec(self._structure, lambda t: _spec_of(t))

    def _card(self):
        return 1

    def _iter(self):
        return iter([self._structure])


class _RangeDataset(Dataset):
    def __init__(self, args, dtype):
        args = [int(a) for a in args]
        if len(args) == 1:
            args = [0, args[0], 1]
        elif len(args) == 2:
            args = [args[0], args[1], 1]
        self._start, self._stop, self._step = args
        self._dtype = _tf.as_dtype(dtype)
        self._spec = TensorSpec([], self._dtype)
        self._n = len(range(self._start, self._stop, self._step))

    def _card(self):
        return self._n

    def _iter(self):
        return self._gen()

    def _gen(self):
        dt = self._dtype
        for v in range(self._start, self._stop, self._step):
            yield _tf.constant(v, dt)

    def _ra_len(self):
        return self._n

    def _ra_view(self):
        return self._rows

    def _rows(self, idx):
        if isinstance(idx, tuple):
            a, b = idx
            return _tf.range(self._start + a * self._step, self._start + b * self._step, self._step, dtype=self._dtype)
        return _tf.constant([self._start + i * self._step for i in idx], self._dtype)


class _GeneratorDataset(Dataset):
    def __init__(self, gen, args, signature, types, shapes):
        self._gen_fn = gen
        self._args = args
        if signature is not None:
            self._spec = signature
        elif types is not None:
            shapes = shapes if shapes is not None else _tf.nest.map_structure(lambda t: None, types)
            self._spec = _tf.nest.map_structure(lambda t, s: TensorSpec(s, t), types, shapes)
        self._dtypes = None if self._spec is None else _map_spec(self._spec, lambda s: s.dtype)

    def _iter(self):
        return self._gen()

    def _gen(self):
        g = self._gen_fn(*self._args) if self._args else self._gen_fn()
        for e in g:
            if self._dtypes is None:
                yield _normalize_structure(e)
            else:
                flat = _flatten(e) if isinstance(e, (tuple, list, dict)) else [e]
                dts = _flatten(self._dtypes)
                yield _pack(self._dtypes, [_tf.convert_to_tensor(x, d) for x, d in zip(flat, dts)])


def _call_fn(fn, e):
    if isinstance(e, tuple):
        return fn(*e)
    return fn(e)


def _traced_element_fn(fn, spec, kind):
    # TF traces a dataset function once, when the transformation is made, over the input's
    # element spec: its Python code (print, side effects) runs then, not per element. None when
    # the spec has other than tensors (the function then runs on each element as it comes).
    if spec is None or isinstance(fn, _tf.Function):
        return None
    flat = _flatten(spec)
    if not flat or not all(isinstance(s, TensorSpec) for s in flat):
        return None
    # TF's dataset functions name their arguments args_0, args_1, ...
    names = iter(range(len(flat)))
    named = _pack(spec, [TensorSpec(s.shape, s.dtype, name="args_%d" % next(names)) for s in flat])
    signature = list(named) if isinstance(named, tuple) else [named]
    name = "Dataset_%s_%s" % (kind, getattr(fn, "__name__", "fn").replace("<", "").replace(">", ""))
    function = _tf.Function(fn, name, signature)
    _core.fn_mark_dataset(function._state)
    return function.get_concrete_function()


class _MapDataset(Dataset):
    def __init__(self, src, fn, kind="map"):
        self._src = src
        self._fn = fn
        self._spec = None
        self._traced = _traced_element_fn(fn, src._get_spec(), kind) if kind == "map" else None
        if self._traced is not None:
            self._fn = self._traced
            self._spec = _traced_spec(self._traced)

    def _get_spec(self):
        if self._spec is None:
            for e in self._src.take(1)._iter():
                self._spec = self._spec_of_result(_call_fn(self._fn, e))
        return self._spec

    def _spec_of_result(self, out):
        return _map_spec(_normalize_structure(out), lambda t: _spec_of(t))

    def _card(self):
        return self._src._card()

    def _iter(self):
        return self._gen(self._src._iter())

    def _gen(self, it):
        fn = self._fn
        for e in it:
            r = _call_fn(fn, e)
            if isinstance(r, list):
                r = tuple(r)
            yield _normalize_structure(r)


def _traced_spec(cf):
    # a traced map function's element spec from its outputs' static shapes; None (found from the
    # first element) when a list or a Python value is among them
    def spec(x):
        if isinstance(x, tuple):
            items = [spec(v) for v in x]
            return None if any(v is None for v in items) else tuple(items)
        if isinstance(x, dict):
            items = {k: spec(v) for k, v in x.items()}
            if any(v is None for v in items.values()):
                return None
            return items if type(x) is dict else _pack(x, _flatten(items))
        return TensorSpec(x.shape, x.dtype) if _core.is_symbolic(x) else None
    return spec(cf.structured_outputs)


class _FilterDataset(Dataset):
    def __init__(self, src, pred):
        self._src = src
        self._pred = _traced_element_fn(pred, src._get_spec(), "filter") or pred

    def _iter(self):
        return self._gen(self._src._iter())

    def _gen(self, it):
        for e in it:
            if bool(_call_fn(self._pred, e)):
                yield e


def _batched_spec(spec, n):
    return _map_spec(spec, lambda s: TensorSpec([n] + (s.shape.as_list() if s.shape.rank is not None else []), s.dtype))


def _stack(elems):
    flats = [_flatten(e) for e in elems]
    cols = [_tf.stack([f[i] for f in flats]) for i in range(len(flats[0]))]
    return _pack(elems[0], cols)


class _BatchDataset(Dataset):
    def __init__(self, src, batch_size, drop):
        if batch_size <= 0:
            raise ValueError("batch_size must be greater than zero.")
        self._src = src
        self._bs = batch_size
        self._drop = drop

    def _get_spec(self):
        sp = self._src._get_spec()
        if sp is None:
            return None
        c = self._src._card()
        return _batched_spec(sp, self._bs if self._drop or c == INFINITE_CARDINALITY else None)

    def _card(self):
        c = self._src._card()
        if c < 0:
            return c
        return c // self._bs if self._drop else (c + self._bs - 1) // self._bs

    def _iter(self):
        n = self._src._ra_len()
        if n is not None:
            return self._ra_gen(self._src._ra_view(), n)
        return self._gen(self._src._iter())

    def _ra_gen(self, rows, n):
        bs = self._bs
        stop = n - n % bs if self._drop else n
        for a in range(0, stop, bs):
            yield rows((a, min(a + bs, n)))

    def _gen(self, it):
        bs = self._bs
        buf = []
        for e in it:
            buf.append(e)
            if len(buf) == bs:
                yield _stack(buf)
                buf = []
        if buf and not self._drop:
            yield _stack(buf)


class _PaddedBatchDataset(Dataset):
    # Each component padded to the batch's largest shape (or the padded_shapes given, None = largest)
    def __init__(self, src, batch_size, padded_shapes, padding_values, drop):
        if batch_size <= 0:
            raise ValueError("batch_size must be greater than zero.")
        self._src, self._bs, self._drop = src, batch_size, drop
        self._shapes, self._values = padded_shapes, padding_values

    def _get_spec(self):
        sp = self._src._get_spec()
        flat = _flatten(sp)
        shapes = self._flat_shapes(len(flat))
        n = self._bs if self._drop else None
        out = []
        for spec, shape in zip(flat, shapes):
            dims = shape if shape is not None else [None] * (spec.shape.rank or 0)
            out.append(TensorSpec([n] + [None if d is None or d == -1 else d for d in dims], spec.dtype))
        return _pack(sp, out)

    def _flat_shapes(self, n):
        if self._shapes is None:
            return [None] * n
        shapes = _flatten(_normalize_structure(self._shapes)) if not isinstance(self._shapes, (list, tuple)) or \
            (self._shapes and isinstance(self._shapes[0], (list, tuple, _tf.TensorShape))) else [self._shapes]
        return [None if s is None else list(_tf.TensorShape(s).as_list()) for s in shapes]

    def _card(self):
        c = self._src._card()
        if c < 0:
            return c
        return c // self._bs if self._drop else (c + self._bs - 1) // self._bs

    def _iter(self):
        return self._gen()

    def _gen(self):
        batch = []
        for e in self._src._iter():
            batch.append(e)
            if len(batch) == self._bs:
                yield self._pad(batch)
                batch = []
        if batch and not self._drop:
            yield self._pad(batch)

    def _pad(self, batch):
        flats = [_flatten(e) for e in batch]
        shapes = self._flat_shapes(len(flats[0]))
        values = None if self._values is None else _flatten(_normalize_structure(self._values))
        cols = []
        for i in range(len(flats[0])):
            items = [f[i] for f in flats]
            rank = len(_core.shape_of(items[0]))
            target = [max(_core.shape_of(t)[d] for t in items) for d in range(rank)]
            if shapes[i] is not None:
                target = [t if d is None or d == -1 else d for t, d in zip(target, shapes[i])]
            pad_value = values[i] if values is not None else (b"" if items[0].dtype == _tf.string else 0)
            padded = []
            for t in items:
                pads = [[0, target[d] - _core.shape_of(t)[d]] for d in range(rank)]
                padded.append(_tf.pad(t, pads, constant_values=pad_value) if rank else t)
            cols.append(_tf.stack(padded))
        return _pack(batch[0], cols)


class _WindowDataset(Dataset):
    # Each element a dataset of up to `size` consecutive elements, `shift` apart, `stride` within
    def __init__(self, src, size, shift, stride, drop):
        if size <= 0 or shift <= 0 or stride <= 0:
            raise ValueError("size, shift and stride must be positive")
        self._src, self._size, self._shift, self._stride, self._drop = src, size, shift, stride, drop

    def _get_spec(self):
        return _DatasetSpec(self._src._get_spec())

    def _card(self):
        return UNKNOWN_CARDINALITY if self._src._card() != INFINITE_CARDINALITY else INFINITE_CARDINALITY

    def _iter(self):
        return self._gen()

    def _gen(self):
        buf = []
        it = self._src._iter()
        span = (self._size - 1) * self._stride + 1
        done = False
        while not done:
            while len(buf) < span:
                try:
                    buf.append(next(it))
                except StopIteration:
                    done = True
                    break
            window = buf[:span:self._stride]
            if not window or (self._drop and len(window) < self._size):
                return
            yield _ElementsDataset(window, self._src._get_spec())
            buf = buf[self._shift:]
            if done and not buf:
                return


class _DatasetSpec:
    def __init__(self, element_spec):
        self.element_spec = element_spec

    def __repr__(self):
        return "DatasetSpec(%r, TensorShape([]))" % (self.element_spec,)


class _ElementsDataset(Dataset):
    # The elements of one window (repr as TF's _VariantDataset)
    _tf_class = "_VariantDataset"

    def __init__(self, elements, spec):
        self._elements = list(elements)
        self._spec = spec

    def _card(self):
        return len(self._elements)

    def _iter(self):
        return iter(self._elements)


class _FlatMapDataset(_MapDataset):
    # a map whose function returns a dataset per element, the datasets' elements in turn
    def _spec_of_result(self, out):
        return out._get_spec()

    def _card(self):
        return UNKNOWN_CARDINALITY if self._src._card() != INFINITE_CARDINALITY else INFINITE_CARDINALITY

    def _iter(self):
        return self._gen()

    def _gen(self):
        for e in self._src._iter():
            inner = _call_fn(self._fn, e)
            if not isinstance(inner, Dataset):
                raise TypeError("The `map_func` argument must return a `Dataset` object. Got %s." % type(inner))
            for x in inner._iter():
                yield x


class _UnbatchDataset(Dataset):
    def __init__(self, src):
        self._src = src

    def _get_spec(self):
        sp = self._src._get_spec()
        return None if sp is None else _map_spec(sp, lambda s: TensorSpec(s.shape.as_list()[1:], s.dtype))

    def _iter(self):
        return self._gen(self._src._iter())

    def _gen(self, it):
        for e in it:
            flat = _flatten(e)
            cols = [_tf.unstack(t) for t in flat]
            for i in range(len(cols[0]) if cols else 0):
                yield _pack(e, [c[i] for c in cols])


class _ShuffleDataset(Dataset):
    def __init__(self, src, buffer_size, seed, reshuffle):
        if buffer_size <= 0:
            raise ValueError("buffer_size must be greater than zero.")
        self._src = src
        self._bs = buffer_size
        self._reshuffle = reshuffle
        s1, s2 = _random_seeds(seed)
        if s1 == 0 and s2 == 0:
            # TF draws fresh random seeds (random::New64) in this case.
            t = int(_core.timestamp() * 1e6)
            s1, s2 = t & 0x7FFFFFFF, (t >> 31) & 0x7FFFFFFF
        self._seeds = (s1, s2)
        self._gen_seeds = _PhiloxStream(s1, s2)

    def _card(self):
        return self._src._card()

    def _epoch_seeds(self):
        if not self._reshuffle:
            return self._seeds
        return self._gen_seeds.next(), self._gen_seeds.next()

    def _perm(self):
        s1, s2 = self._epoch_seeds()
        return list(_shuffle_iter(iter(range(self._src._ra_len())), self._bs, s1, s2))

    def _iter(self):
        n = self._src._ra_len()
        if n is not None:
            view = self._ra_view()
            return self._ra_gen(view, n)
        s1, s2 = self._epoch_seeds()
        return _shuffle_iter(self._src._iter(), self._bs, s1, s2)

    def _ra_gen(self, view, n):
        if n == 0:
            return
        b = view((0, n))
        cols = [_tf.unstack(t) for t in _flatten(b)]
        for i in range(n):
            yield _pack(b, [c[i] for c in cols])

    def _ra_len(self):
        return self._src._ra_len()

    def _ra_view(self):
        # one pass: a fresh permutation
        perm = self._perm()
        rows = self._src._ra_view()

        def view(idx):
            if isinstance(idx, tuple):
                return rows(perm[idx[0]:idx[1]])
            return rows([perm[i] for i in idx])
        return view


class _RepeatDataset(Dataset):
    def __init__(self, src, count):
        self._src = src
        self._count = count

    def _card(self):
        c = self._src._card()
        if self._count < 0:
            return 0 if c == 0 else INFINITE_CARDINALITY
        return c * self._count if c >= 0 else c

    def _iter(self):
        if self._count == 0:
            return iter([])
        return self._gen(self._src._iter())

    def _gen(self, first):
        i = 0
        it = first
        while True:
            empty = True
            for e in it:
                empty = False
                yield e
            i += 1
            if empty or (self._count >= 0 and i >= self._count):
                return
            it = self._src._iter()


class _TakeDataset(Dataset):
    def __init__(self, src, count):
        self._src = src
        self._count = count

    def _card(self):
        c = self._src._card()
        if self._count < 0:
            return c
        if c == INFINITE_CARDINALITY:
            return self._count
        return min(c, self._count) if c >= 0 else c

    def _iter(self):
        return self._gen(self._src._iter())

    def _gen(self, it):
        if self._count == 0:
            return
        i = 0
        for e in it:
            yield e
            i += 1
            if i == self._count:
                return

    def _ra_len(self):
        n = self._src._ra_len()
        if n is None or self._count < 0:
            return n
        return min(n, self._count)

    def _ra_view(self):
        return self._src._ra_view()


class _SkipDataset(Dataset):
    def __init__(self, src, count):
        self._src = src
        self._count = count

    def _card(self):
        c = self._src._card()
        if c < 0:
            return c
        if self._count < 0:
            return 0
        return max(0, c - self._count)

    def _iter(self):
        return self._gen(self._src._iter())

    def _gen(self, it):
        i = 0
        for e in it:
            if self._count < 0:
                return
            if i >= self._count:
                yield e
            i += 1


class _PrefetchDataset(Dataset):
    # prefetch (and, as the base of _CacheDataset, other transformations that keep the elements)
    def __init__(self, src):
        self._src = src

    def _card(self):
        return self._src._card()

    def _iter(self):
        return self._src._iter()

    def _ra_len(self):
        return self._src._ra_len()

    def _ra_view(self):
        return self._src._ra_view()


class _CacheDataset(_PrefetchDataset):
    _tf_class = "CacheDataset"

    def __init__(self, src):
        _PrefetchDataset.__init__(self, src)
        self._cache = None

    def _ra_len(self):
        return None

    def _iter(self):
        if self._cache is not None:
            return iter(list(self._cache))
        return self._gen(self._src._iter())

    def _gen(self, it):
        out = []
        for e in it:
            out.append(e)
            yield e
        self._cache = out


class _ZipDataset(Dataset):
    def __init__(self, datasets):
        self._structure = datasets
        self._dsets = _flatten_ds(datasets)

    def _get_spec(self):
        return _pack_ds(self._structure, [d._get_spec() for d in self._dsets])

    def _card(self):
        cs = [d._card() for d in self._dsets]
        finite = [c for c in cs if c >= 0]
        if finite:
            return min(finite)
        if UNKNOWN_CARDINALITY in cs:
            return UNKNOWN_CARDINALITY
        return INFINITE_CARDINALITY

    def _iter(self):
        return self._gen([d._iter() for d in self._dsets])

    def _gen(self, its):
        while True:
            vals = []
            for it in its:
                try:
                    vals.append(next(it))
                except StopIteration:
                    return
            yield _pack_ds(self._structure, vals)


def _flatten_ds(s):
    if isinstance(s, Dataset):
        return [s]
    if isinstance(s, dict):
        out = []
        for k in sorted(s.keys()):
            out += _flatten_ds(s[k])
        return out
    out = []
    for v in s:
        out += _flatten_ds(v)
    return out


def _pack_ds(s, flat, pos=None):
    pos = [0] if pos is None else pos
    if isinstance(s, Dataset):
        v = flat[pos[0]]
        pos[0] += 1
        return v
    if isinstance(s, dict):
        r = {}
        for k in sorted(s.keys()):
            r[k] = _pack_ds(s[k], flat, pos)
        return {k: r[k] for k in s.keys()}
    items = [_pack_ds(v, flat, pos) for v in s]
    return items if isinstance(s, list) else tuple(items)


class _ConcatDataset(Dataset):
    _tf_class = "_ConcatenateDataset"

    def __init__(self, a, b):
        self._a = a
        self._b = b

    def _get_spec(self):
        return self._a._get_spec()

    def _card(self):
        ca, cb = self._a._card(), self._b._card()
        if ca == INFINITE_CARDINALITY or cb == INFINITE_CARDINALITY:
            return INFINITE_CARDINALITY
        if ca < 0 or cb < 0:
            return UNKNOWN_CARDINALITY
        return ca + cb

    def _iter(self):
        return self._gen(self._a._iter())

    def _gen(self, first):
        yield from first
        yield from self._b._iter()


# ----- datasets in a traced function ------------------------------------------------------------
# In a tf.function TF builds a dataset as graph ops (RangeDataset, MapDataset, ...; their functions
# traced into the library) and a DT_VARIANT tensor stands for it; core/exec (datasets.cpp) runs
# them, lazily, when a ReduceDataset (reduce(), or a `for` loop over the dataset) consumes one.
def _spec_attrs(spec):
    flat = _flatten(spec)
    return [s.dtype for s in flat], [s.shape for s in flat]


def _trace_dataset_fn(fn, specs, name):
    # fn(*parts), each part a structure of `specs`, traced into a library function over their
    # flat components; returns (function name, output spec, captured outer tensors).
    flat_specs = [x for spec in specs for x in _flatten(spec)]
    result = [None]

    def body(*flat):
        parts, k = [], 0
        for spec in specs:
            n = len(_flatten(spec))
            parts.append(_pack(spec, list(flat[k:k + n])))
            k += n
        r = fn(*parts)
        if isinstance(r, list):
            r = tuple(r)
        result[0] = _normalize_structure(r)
        return _flatten(result[0])

    name, dtypes, shapes, captured = _core.graph_dataset_fn(
        body, [x.dtype for x in flat_specs], [None if x.shape.rank is None else x.shape.as_list() for x in flat_specs],
        name)
    spec = _pack(result[0], [TensorSpec(shp, dt) for dt, shp in zip(dtypes, shapes)])
    return name, spec, captured


def _graph_range(args, dtype):
    args = list(args)
    if len(args) == 1:
        args = [0, args[0], 1]
    elif len(args) == 2:
        args = [args[0], args[1], 1]
    dtype = _tf.as_dtype(dtype)
    variant = _core.op("RangeDataset", args, {"output_types": [dtype], "output_shapes": [_tf.TensorShape([])]})
    return _GraphDataset(variant, TensorSpec([], dtype))


class _GraphDataset(Dataset):
    def __init__(self, variant, spec):
        self._variant = variant
        self._spec = spec

    def _graphlens_variant(self):
        return self._variant

    def _graphlens_in_graph(self, variant):
        return _GraphDataset(variant, self._spec)

    def _iter(self):
        raise TypeError("GraphLens iterates a dataset inside tf.function only in a `for` loop or reduce()")

    def map(self, map_func, num_parallel_calls=None, deterministic=None, name=None):
        fname, spec, captured = _trace_dataset_fn(lambda e: _call_fn(map_func, e), [self._spec], "Dataset_map")
        types, shapes = _spec_attrs(spec)
        v = _core.op("MapDataset", [self._variant, captured],
                     {"f": fname, "Targuments": [c.dtype for c in captured], "output_types": types,
                      "output_shapes": shapes, "preserve_cardinality": True})
        return _GraphDataset(v, spec)

    def filter(self, predicate, name=None):
        return self._predicate_dataset("FilterDataset", predicate, "Dataset_filter")

    def _predicate_dataset(self, op, predicate, fn_name):
        # FilterDataset and TakeWhileDataset: the same elements, kept while `predicate` holds.
        fname, _, captured = _trace_dataset_fn(lambda e: _call_fn(predicate, e), [self._spec], fn_name)
        types, shapes = _spec_attrs(self._spec)
        v = _core.op(op, [self._variant, captured],
                     {"predicate": fname, "Targuments": [c.dtype for c in captured], "output_types": types,
                      "output_shapes": shapes})
        return _GraphDataset(v, self._spec)

    def take(self, count, name=None):
        types, shapes = _spec_attrs(self._spec)
        v = _core.op("TakeDataset", [self._variant, _tf.cast(count, _tf.int64)],
                     {"output_types": types, "output_shapes": shapes})
        return _GraphDataset(v, self._spec)

    def _scan(self, initial_state, scan_func):
        # scan_func(state, element) -> (new state, output element); TF's _ScanDataset.
        state = _normalize_structure(initial_state)
        state_spec = _map_spec(state, _spec_of)
        fname, spec, captured = _trace_dataset_fn(scan_func, [state_spec, self._spec], "Dataset_scan")
        out_spec = spec[1]
        types, shapes = _spec_attrs(out_spec)
        v = _core.op("ScanDataset", [self._variant, _flatten(state), captured],
                     {"f": fname, "output_types": types, "output_shapes": shapes, "preserve_cardinality": True,
                      "use_default_device": False, "Tstate": [t.dtype for t in _flatten(state)],
                      "Targuments": [c.dtype for c in captured]})
        return _GraphDataset(v, out_spec)

    def _take_while(self, predicate):
        return self._predicate_dataset("TakeWhileDataset", predicate, "take_while")

    def reduce(self, initial_state, reduce_func, name=None):
        state = _normalize_structure(initial_state)
        state_spec = _map_spec(state, _spec_of)
        fname, _, captured = _trace_dataset_fn(reduce_func, [state_spec, self._spec], "reduce")
        types, shapes = _spec_attrs(state_spec)
        outs = _core.op("ReduceDataset", [self._variant, _flatten(state), captured],
                        {"f": fname, "output_types": types, "output_shapes": shapes, "Tstate": types,
                         "Targuments": [c.dtype for c in captured]}, None, True)
        return _pack(state, list(outs))


def _file_names(filenames):
    # the paths a reader's `filenames` name: a string, bytes, a string tensor, or a (nested) list
    if _tf.is_tensor(filenames) and filenames.shape.rank == 0:
        filenames = [filenames]
    if isinstance(filenames, (str, bytes)):
        filenames = [filenames]
    return [f.numpy().decode() if _tf.is_tensor(f) else (f.decode() if isinstance(f, bytes) else str(f))
            for f in _tf.nest.flatten(list(filenames))]


def _csv_fields(line, delim, use_quote):
    # One CSV record's fields (TF's CsvDataset: "" quotes a field, "" inside it is one quote).
    fields, cur, i, n = [], [], 0, len(line)
    quoted = False
    while i <= n:
        if i == n:
            fields.append("".join(cur))
            break
        c = line[i]
        if use_quote and c == '"' and not cur and not quoted:
            quoted = True
            i += 1
            continue
        if quoted:
            if c == '"':
                if i + 1 < n and line[i + 1] == '"':
                    cur.append('"')
                    i += 2
                    continue
                quoted = False
                i += 1
                continue
            cur.append(c)
            i += 1
            continue
        if c == delim:
            fields.append("".join(cur))
            cur = []
            i += 1
            continue
        cur.append(c)
        i += 1
    return fields


class CsvDatasetV2(Dataset):
    """tf.data.experimental.CsvDataset: one tuple of scalars per record, a field missing or equal
    to na_value taking its column's default (a dtype or an empty default makes it required). The
    files are read as it is iterated, errors raised there as TF's iterator raises them."""

    def __init__(self, filenames, record_defaults, compression_type=None, buffer_size=None, header=False,
                 field_delim=",", use_quote_delim=True, na_value="", select_cols=None, exclude_cols=None,
                 name=None):
        if compression_type not in (None, ""):
            raise NotImplementedError("CsvDataset(compression_type=...) is not supported by GraphLens")
        if exclude_cols is not None:
            raise NotImplementedError("CsvDataset(exclude_cols=...) is not supported by GraphLens")
        self._files = _file_names(filenames)
        self._defaults = []
        for d in record_defaults:
            if isinstance(d, _tf.DType):
                self._defaults.append((d, None))  # required
                continue
            t = _tf.convert_to_tensor(d)
            if t.dtype == _tf.float64 and not _tf.is_tensor(d):
                t = _tf.cast(t, _tf.float32)
            required = len(_core.shape_of(t)) > 0 and _core.shape_of(t)[0] == 0
            self._defaults.append((t.dtype, None if required else _tf.reshape(t, [])))
        self._header, self._delim, self._quote, self._na = header, field_delim, use_quote_delim, na_value
        self._select = None if select_cols is None else list(select_cols)
        if self._select is not None:
            if sorted(self._select) != self._select:
                _core.raise_error("InvalidArgumentError", "select_cols is not sorted in ascending order")
            if len(self._select) != len(self._defaults):
                _core.raise_error("InvalidArgumentError", "len(select_cols) != len(record_defaults)")
        self._spec = tuple(_tf.TensorSpec([], dt) for dt, _ in self._defaults)

    def _card(self):
        return UNKNOWN_CARDINALITY

    def _fail(self, message):
        _core.raise_error("InvalidArgumentError",
                          "{{function_node __wrapped__IteratorGetNext_output_types_%d_device_/job:localhost/replica:0/"
                          "task:0/device:CPU:0}} %s [Op:IteratorGetNext] name: " % (len(self._defaults), message))

    def _iter(self):
        return self._records()

    def _records(self, skip_errors=False):
        # skip_errors: ignore_errors() over a CsvDataset leaves out each bad record and goes on
        # with the next one, as TF's CSV iterator does
        record = 0
        for fname in self._files:
            with open(fname) as f:
                lines = f.read().splitlines()
            if self._header and lines:
                lines = lines[1:]
            for line in lines:
                try:
                    values = self._parse(line, record)
                except _tf.errors.InvalidArgumentError:
                    if not skip_errors:
                        raise
                    values = None
                record += 1
                if values is not None:
                    yield values

    def _parse(self, line, record):
        fields = _csv_fields(line, self._delim, self._quote)
        if self._select is None:
            if len(fields) != len(self._defaults):
                self._fail("Expect %d fields but have %d in record %d" % (len(self._defaults), len(fields), record))
            picked = list(enumerate(fields))
        else:
            picked = [(c, fields[c] if c < len(fields) else "") for c in self._select]
        out = []
        for (column, field), (dt, default) in zip(picked, self._defaults):
            if field == "" or field == self._na:
                if default is None:
                    self._fail("Field %d is required but missing in record %d!" % (column, record))
                out.append(default)
                continue
            try:
                value = field if dt == _tf.string else (int(field) if dt.is_integer else float(field))
            except ValueError:
                self._fail("Field %d in record %d is not a valid %s: %s" % (column, record, dt.name, field))
            out.append(_tf.constant(value, dt))
        return tuple(out)

experimental = _tf._Namespace(AUTOTUNE=AUTOTUNE, INFINITE_CARDINALITY=INFINITE_CARDINALITY,
                              UNKNOWN_CARDINALITY=UNKNOWN_CARDINALITY,
                              cardinality=lambda ds: ds.cardinality(), CsvDataset=CsvDatasetV2)
