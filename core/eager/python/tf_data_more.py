# tf.data, part 2 (run into the tensorflow.data module after tf_data.py): interleave, scan,
# rebatch, group_by_window, bucket_by_sequence_length, shard, take_while, unique,
# choose_from_datasets, counter, random, get_single_element, ignore_errors. Each iterates as TF's
# kernel of the same name does (order, end of input, cardinality); functions are traced once over
# the element spec where it is all tensors, as TF traces them.


def _traced_or_eager(fn, spec, kind):
    return _traced_element_fn(fn, spec, kind) or fn


class _InterleaveDataset(Dataset):
    # InterleaveDatasetOp: cycle_length open iterators, block_length elements from each in turn;
    # an exhausted iterator's slot takes the next input element's dataset
    def __init__(self, src, fn, cycle_length, block_length):
        self._src = src
        self._fn = fn
        self._cycle = max(1, int(cycle_length))
        self._block = max(1, int(block_length))
        self._spec = None

    def _get_spec(self):
        if self._spec is None:
            for e in self._src.take(1)._iter():
                inner = _call_fn(self._fn, e)
                self._spec = inner._get_spec()
        return self._spec

    def _card(self):
        return INFINITE_CARDINALITY if self._src._card() == INFINITE_CARDINALITY else UNKNOWN_CARDINALITY

    def _iter(self):
        return self._gen(self._src._iter())

    def _gen(self, inputs):
        slots = [None] * self._cycle
        open_count, index, taken, end_of_input = 0, 0, 0, False
        while not end_of_input or open_count > 0:
            if slots[index] is not None:
                try:
                    x = next(slots[index])
                except StopIteration:
                    slots[index] = None
                    open_count -= 1
                    index, taken = (index + 1) % self._cycle, 0
                    continue
                taken += 1
                if taken == self._block:
                    index, taken = (index + 1) % self._cycle, 0
                yield x
            elif not end_of_input:
                try:
                    e = next(inputs)
                except StopIteration:
                    end_of_input = True
                    continue
                inner = _call_fn(self._fn, e)
                if not isinstance(inner, Dataset):
                    raise TypeError("The `map_func` argument must return a `Dataset` object. Got %s." % type(inner))
                slots[index] = inner._iter()
                open_count += 1
            else:
                index, taken = (index + 1) % self._cycle, 0


class _ScanDataset(Dataset):
    def __init__(self, src, initial_state, fn):
        self._src = src
        self._state = _tf.nest.map_structure(_to_tensor, initial_state)
        self._fn = fn
        self._spec = None

    def _get_spec(self):
        if self._spec is None:
            for e in self._src.take(1)._iter():
                self._spec = _map_spec(_normalize_structure(self._step(self._state, e)[1]), lambda t: _spec_of(t))
        return self._spec

    def _step(self, state, e):
        out = self._fn(state, *e) if isinstance(e, tuple) else self._fn(state, e)
        if not isinstance(out, (tuple, list)) or len(out) != 2:
            raise TypeError("The scan function must return a pair comprising the new state and the output value.")
        return out[0], out[1]

    def _card(self):
        return self._src._card()

    def _iter(self):
        return self._gen(self._src._iter())

    def _gen(self, it):
        state = self._state
        for e in it:
            state, out = self._step(state, e)
            yield _normalize_structure(tuple(out) if isinstance(out, list) else out)


class _RebatchDataset(Dataset):
    # rebatch(n): the elements of the input batches in minibatches of n, as unbatch().batch(n)
    def __init__(self, src, batch_size, drop):
        self._src = src
        self._inner = _BatchDataset(_UnbatchDataset(src), batch_size, drop)

    def _get_spec(self):
        return self._inner._get_spec()

    def _card(self):
        return UNKNOWN_CARDINALITY if self._src._card() != INFINITE_CARDINALITY else INFINITE_CARDINALITY

    def _iter(self):
        return self._inner._iter()


class _GroupByWindowDataset(Dataset):
    # GroupByWindowDatasetOp: elements grouped by key; a group of window_size elements becomes
    # reduce_func(key, its window); at the end of input the groups left, in key order
    def __init__(self, src, key_func, reduce_func, window_size_func, trace_key=True):
        self._src = src
        self._key = _traced_or_eager(key_func, src._get_spec(), "group_by_window_key") if trace_key else key_func
        self._reduce = reduce_func
        self._window_size = window_size_func
        self._spec = None

    def _get_spec(self):
        if self._spec is None:
            sp = self._src._get_spec()
            for e in self._src.take(1)._iter():
                self._spec = self._reduce(_tf.constant(0, _tf.int64), _ElementsDataset([e], sp))._get_spec()
        return self._spec

    def _card(self):
        return INFINITE_CARDINALITY if self._src._card() == INFINITE_CARDINALITY else UNKNOWN_CARDINALITY

    def _iter(self):
        return self._gen(self._src._iter())

    def _windows(self, key, elements):
        sp = self._src._get_spec()
        return self._reduce(_tf.constant(key, _tf.int64), _ElementsDataset(elements, sp))._iter()

    def _gen(self, it):
        groups = {}
        for e in it:
            k = int(_call_fn(self._key, e))
            group = groups.setdefault(k, [])
            group.append(e)
            if len(group) >= int(self._window_size(_tf.constant(k, _tf.int64))):
                del groups[k]
                for x in self._windows(k, group):
                    yield x
        for k in sorted(groups):
            for x in self._windows(k, groups[k]):
                yield x


def _bucket_by_sequence_length(ds, element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes=None,
                               padding_values=None, pad_to_bucket_boundary=False, no_padding=False,
                               drop_remainder=False):
    # TF's implementation: group_by_window keyed by bucket, each window padded-batched
    boundaries = [int(b) for b in bucket_boundaries]
    sizes = [int(b) for b in bucket_batch_sizes]
    if len(sizes) != len(boundaries) + 1:
        raise ValueError("len(bucket_batch_sizes) must equal len(bucket_boundaries) + 1")
    length_fn = _traced_or_eager(element_length_func, ds._get_spec(), "bucket_length")

    def key(*e):
        n = int(_call_fn(length_fn, e if len(e) > 1 else e[0]))
        for i, b in enumerate(boundaries):
            if n < b:
                return _tf.constant(i, _tf.int64)
        return _tf.constant(len(boundaries), _tf.int64)

    def window_size(k):
        return sizes[int(k)]

    def reduce(k, window):
        if no_padding:
            return window.batch(window_size(k), drop_remainder=drop_remainder)
        shapes = padded_shapes
        if pad_to_bucket_boundary:
            bound = boundaries[int(k)] - 1 if int(k) < len(boundaries) else None
            shapes = _map_spec(window._get_spec(), lambda s: [bound] + [None] * (len(s.shape) - 1))
        return window.padded_batch(window_size(k), shapes, padding_values, drop_remainder=drop_remainder)

    return _GroupByWindowDataset(ds, key, reduce, window_size, trace_key=False)


class _ShardDataset(Dataset):
    def __init__(self, src, num_shards, index):
        num_shards, index = int(num_shards), int(index)
        if num_shards <= 0:
            raise _tf.errors.InvalidArgumentError(None, None, "Number of shards must be greater than zero "
                                                  "(currently num_shards = %d)." % num_shards)
        if index < 0 or index >= num_shards:
            raise _tf.errors.InvalidArgumentError(None, None, "Index must be between 0 and %d (currently index = "
                                                  "%d)." % (num_shards - 1, index))
        self._src = src
        self._n = num_shards
        self._i = index

    def _card(self):
        c = self._src._card()
        if c < 0:
            return c
        return c // self._n + (1 if c % self._n > self._i else 0)

    def _iter(self):
        return (e for i, e in enumerate(self._src._iter()) if i % self._n == self._i)


class _TakeWhileDataset(Dataset):
    def __init__(self, src, predicate):
        self._src = src
        self._pred = _traced_or_eager(predicate, src._get_spec(), "take_while")

    def _card(self):
        return UNKNOWN_CARDINALITY

    def _iter(self):
        return self._gen(self._src._iter())

    def _gen(self, it):
        for e in it:
            if not bool(_call_fn(self._pred, e)):
                return
            yield e


class _UniqueDataset(Dataset):
    def __init__(self, src):
        sp = src._get_spec()
        if not isinstance(sp, TensorSpec) or sp.shape.rank != 0 or not (sp.dtype.is_integer or sp.dtype == _tf.string):
            raise TypeError("`tf.data.Dataset.unique` does not support type %r: its elements must be scalar "
                            "integers or strings." % (sp,))
        self._src = src

    def _card(self):
        return UNKNOWN_CARDINALITY

    def _iter(self):
        return self._gen(self._src._iter())

    def _gen(self, it):
        seen = set()
        for e in it:
            k = e.numpy().tolist()
            if k not in seen:
                seen.add(k)
                yield e


class _DirectedInterleaveDataset(Dataset):
    # choose_from_datasets: the next element of the dataset each choice names
    def __init__(self, choices, datasets, stop_on_empty):
        self._choices = choices
        self._datasets = list(datasets)
        self._stop = stop_on_empty

    def _get_spec(self):
        return self._datasets[0]._get_spec()

    def _card(self):
        return UNKNOWN_CARDINALITY

    def _iter(self):
        return self._gen()

    def _gen(self):
        its = [d._iter() for d in self._datasets]
        done = [False] * len(its)
        for c in self._choices._iter():
            i = int(c)
            if i < 0 or i >= len(its):
                raise _tf.errors.InvalidArgumentError(None, None, "Selector index out of range: %d >= %d"
                                                      % (i, len(its)))
            if done[i]:
                continue
            try:
                yield next(its[i])
            except StopIteration:
                done[i] = True
                if self._stop:
                    return


class _IgnoreErrorsDataset(Dataset):
    # the elements whose computation raised a TF error are left out (a map's errors per element)
    def __init__(self, src):
        self._src = src

    def _card(self):
        return UNKNOWN_CARDINALITY

    def _iter(self):
        if isinstance(self._src, _MapDataset) and type(self._src) is _MapDataset:
            return self._map_gen(self._src)
        return self._gen(self._src._iter())

    def _map_gen(self, m):
        for e in m._src._iter():
            try:
                r = _call_fn(m._fn, e)
            except _tf.errors.OpError:
                continue
            yield _normalize_structure(tuple(r) if isinstance(r, list) else r)

    def _gen(self, it):
        while True:
            try:
                yield next(it)
            except StopIteration:
                return
            except _tf.errors.OpError:
                return


class _RandomDataset(Dataset):
    # RandomDatasetOp: int64 values of the Philox stream its seeds pick
    def __init__(self, seed):
        self._seeds = _random_seeds(seed)
        self._spec = TensorSpec([], _tf.int64)

    def _get_spec(self):
        return self._spec

    def _card(self):
        return INFINITE_CARDINALITY

    def _iter(self):
        return self._gen()

    def _gen(self):
        rng = _PhiloxStream(*self._seeds)
        while True:
            yield _tf.constant(rng.next(), _tf.int64)


def _counter(start=0, step=1, dtype=_tf.int64, name=None):
    # as TF makes it: a scan over an endless repeat of one element
    return _ScanDataset(Dataset.from_tensors(0).repeat(), _tf.constant(start, dtype),
                        lambda state, _: (state + _tf.constant(step, dtype), state))


def _get_single_element(ds, name=None):
    it = ds._iter()

    def fail(what):
        raise _tf.errors.InvalidArgumentError(
            None, None, "{{function_node __wrapped__DatasetToSingleElement_output_types_%d_device_/job:localhost/"
            "replica:0/task:0/device:CPU:0}} %s [Op:DatasetToSingleElement] name: "
            % (len(_flatten(ds._get_spec())), what))
    try:
        e = next(it)
    except StopIteration:
        fail("Dataset was empty.")
    for _ in it:
        fail("Dataset had more than one element.")
    return e


Dataset.interleave = lambda self, map_func, cycle_length=None, block_length=None, num_parallel_calls=None, \
    deterministic=None, name=None: _InterleaveDataset(self, map_func, 1 if cycle_length in (None, AUTOTUNE)
                                                      else cycle_length, 1 if block_length is None else block_length)
Dataset.scan = lambda self, initial_state, scan_func, name=None: _ScanDataset(self, initial_state, scan_func)
Dataset.rebatch = lambda self, batch_size, drop_remainder=False, name=None: _RebatchDataset(
    self, int(batch_size), bool(drop_remainder))
Dataset.group_by_window = lambda self, key_func, reduce_func, window_size=None, window_size_func=None, name=None: \
    _GroupByWindowDataset(self, key_func, reduce_func,
                          window_size_func if window_size_func is not None else (lambda k: window_size))
Dataset.bucket_by_sequence_length = _bucket_by_sequence_length
Dataset.shard = lambda self, num_shards, index, name=None: _ShardDataset(self, num_shards, index)
Dataset.take_while = lambda self, predicate, name=None: _TakeWhileDataset(self, predicate)
Dataset.unique = lambda self, name=None: _UniqueDataset(self)
Dataset.ignore_errors = lambda self, log_warning=False, name=None: _IgnoreErrorsDataset(self)
Dataset.get_single_element = _get_single_element
Dataset.choose_from_datasets = staticmethod(
    lambda datasets, choice_dataset, stop_on_empty_dataset=True: _DirectedInterleaveDataset(
        choice_dataset, datasets, stop_on_empty_dataset))
Dataset.counter = staticmethod(_counter)
Dataset.random = staticmethod(lambda seed=None, rerandomize_each_iteration=None, name=None: _RandomDataset(seed))
experimental.Counter = _counter
experimental.choose_from_datasets = Dataset.choose_from_datasets
experimental.get_single_element = _get_single_element
