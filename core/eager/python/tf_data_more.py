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
        # DirectedInterleaveDatasetOp: infinite when an input is, else unknown
        if any(d._card() == INFINITE_CARDINALITY for d in self._datasets):
            return INFINITE_CARDINALITY
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
                if self._stop or all(done):
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
        if isinstance(self._src, CsvDatasetV2):
            return self._src._records(skip_errors=True)
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


# ----- record files ------------------------------------------------------------------------------
def _iterator_error(kind, message):
    # as TF's iterator raises a reader's error
    _core.raise_error(kind, "{{function_node __wrapped__IteratorGetNext_output_types_1_device_/job:localhost/"
                            "replica:0/task:0/device:CPU:0}} %s [Op:IteratorGetNext] name: " % message)


def _read_file(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        _iterator_error("NotFoundError", "%s; No such file or directory" % path)


class _FileDataset(Dataset):
    # the scalar strings a reader makes of its files, read in turn (compressed files unsupported)
    def __init__(self, filenames, compression_type=None, buffer_size=None, num_parallel_reads=None, name=None):
        if compression_type:
            raise NotImplementedError("%s(compression_type=...) is not supported by GraphLens"
                                      % type(self).__name__[:-2])
        self._files = _file_names(filenames)
        self._spec = TensorSpec([], _tf.string)

    def _get_spec(self):
        return self._spec

    def _card(self):
        return UNKNOWN_CARDINALITY

    def _iter(self):
        return self._gen()


class TextLineDatasetV2(_FileDataset):
    """tf.data.TextLineDataset: each line of the files, without its line end ('\\n', '\\r\\n')."""

    def _gen(self):
        for path in self._files:
            data = _read_file(path)
            lines = data.split(b"\n")
            if lines and lines[-1] == b"":
                lines.pop()
            for line in lines:
                yield _tf.constant(line[:-1] if line.endswith(b"\r") else line)


class TFRecordDatasetV2(_FileDataset):
    """tf.data.TFRecordDataset: the records of the files; a damaged record is TF's DataLossError."""

    def _gen(self):
        for path in self._files:
            records, error = _core.tfrecord_split(_read_file(path))
            for r in records:
                yield _tf.constant(r)
            if error is not None:
                _iterator_error(error[0], error[1])


class TFRecordWriter:
    """tf.io.TFRecordWriter: records framed as TF frames them, written through open()."""

    def __init__(self, path, options=None):
        if options:
            raise NotImplementedError("TFRecordWriter(options=...) is not supported by GraphLens")
        self._file = open(path, "wb")

    def write(self, record):
        if _tf.is_tensor(record):
            record = record.numpy()
        if isinstance(record, str):
            record = record.encode()
        self._file.write(_core.tfrecord_encode(bytes(record)))

    def flush(self):
        self._file.flush()

    def close(self):
        self._file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


TextLineDataset = TextLineDatasetV2
TFRecordDataset = TFRecordDatasetV2
_tf.io.TFRecordWriter = TFRecordWriter


# ----- make_csv_dataset --------------------------------------------------------------------------
# tf.data.experimental.make_csv_dataset as TF builds it (readers.py): file names from the
# patterns, column names from the header, column types inferred from the first rows (int32,
# int64, float32, float64, string), one CsvDataset per file read in turn, then shuffle/repeat,
# batch (drop_remainder when it repeats forever), a map to OrderedDict features (and the label),
# and prefetch.
def _csv_file_names(file_pattern, shuffle):
    import glob as _glob
    patterns = file_pattern if isinstance(file_pattern, list) else [file_pattern]
    if isinstance(file_pattern, list) and not file_pattern:
        raise ValueError("Argument `file_pattern` should not be empty.")
    names = []
    for p in _file_names(patterns):
        names.extend(_glob.glob(p))
    if not names:
        raise ValueError("No files match `file_pattern` %s." % (file_pattern,))
    return names if shuffle else sorted(names)


def _csv_rows(filenames, num_cols, delim, use_quote, header):
    for name in filenames:
        with open(name) as f:
            lines = f.read().splitlines()
        for row_num, line in enumerate(lines):
            if header and row_num == 0:
                continue
            row = _csv_fields(line, delim, use_quote)
            if len(row) != num_cols:
                raise ValueError("Problem inferring types: CSV row has different number of fields than expected.")
            yield row


def _valid_int(text, bits):
    try:
        v = int(text)
    except ValueError:
        return False
    return -(1 << (bits - 1)) <= v < (1 << (bits - 1))


def _valid_float(text, dtype):
    # as TF's check `dtype.as_numpy_dtype(text) < np.inf`: float32 overflows to inf past its
    # rounding limit, nan is never below inf, -inf is
    try:
        v = float(text)
    except ValueError:
        return False
    if dtype == _tf.float32 and v >= 3.4028235677973366e38:
        return False
    return v < float("inf")


_CSV_INFER = [(_tf.int32, lambda t: _valid_int(t, 32)), (_tf.int64, lambda t: _valid_int(t, 64)),
              (_tf.float32, lambda t: _valid_float(t, _tf.float32)),
              (_tf.float64, lambda t: _valid_float(t, _tf.float64)), (_tf.string, lambda t: True)]


def _infer_csv_type(text, na_value, prev):
    if text in ("", na_value):
        return prev
    allowed = [dt for dt, _ in _CSV_INFER]
    for i, (dt, valid) in enumerate(_CSV_INFER):
        if valid(text) and (prev is None or prev in allowed[:i + 1]):
            return dt
    return prev


def _csv_column_names(filenames, delim, use_quote):
    def header_of(name):
        with open(name) as f:
            first = f.readline()
        if not first:
            raise ValueError("Failed when reading the header line of %s. Is it an empty file?" % name)
        return _csv_fields(first.rstrip("\r\n"), delim, use_quote)

    names = header_of(filenames[0])
    for other in filenames[1:]:
        if header_of(other) != names:
            raise ValueError("Files have different column names in the header row.")
    return names


def _sorted_csv_columns(select_columns, column_names):
    index_of = {n: i for i, n in enumerate(column_names)}
    picked = []
    for v in select_columns:
        if isinstance(v, int):
            if v < 0 or v >= len(column_names):
                raise ValueError("Column index %d specified in `select_columns` should be > 0 and <= %d, which is "
                                 "the number of columns." % (v, len(column_names)))
            picked.append(v)
        elif v not in index_of:
            raise ValueError("Column %s specified in `select_columns` must be of one of the columns: %s."
                             % (v, index_of.keys()))
        else:
            picked.append(index_of[v])
    result = sorted(set(picked))
    if len(result) != len(select_columns):
        raise ValueError("The `select_columns` argument contains duplicate columns: %s."
                         % (set(a for a, b in zip(sorted(picked)[:-1], sorted(picked)[1:]) if a == b),))
    return result


class _CsvFilesDataset(Dataset):
    # the records of each file in turn (TF's ParallelInterleaveDataset with cycle_length 1)
    def __init__(self, files, make_dataset, spec):
        self._files_ds = files
        self._make = make_dataset
        self._spec = spec

    def _get_spec(self):
        return self._spec

    def _card(self):
        return UNKNOWN_CARDINALITY

    def _iter(self):
        return self._gen(self._files_ds._iter())

    def _gen(self, files):
        for name in files:
            yield from self._make(name)._iter()


def make_csv_dataset(file_pattern, batch_size, column_names=None, column_defaults=None, label_name=None,
                     select_columns=None, field_delim=",", use_quote_delim=True, na_value="", header=True,
                     num_epochs=None, shuffle=True, shuffle_buffer_size=10000, shuffle_seed=None,
                     prefetch_buffer_size=None, num_parallel_reads=None, sloppy=False, num_rows_for_inference=100,
                     compression_type=None, ignore_errors=False, encoding="utf-8"):
    if compression_type:
        raise NotImplementedError("make_csv_dataset(compression_type=...) is not supported by GraphLens")
    filenames = _csv_file_names(file_pattern, shuffle)
    files = Dataset.from_tensor_slices(filenames)
    if shuffle:
        files = files.shuffle(len(filenames), shuffle_seed)
    if column_names is None:
        if not header:
            raise ValueError("Expected `column_names` or `header` arguments. Neither is provided.")
        column_names = _csv_column_names(filenames, field_delim, use_quote_delim)
    column_names = list(column_names)
    if len(column_names) != len(set(column_names)):
        raise ValueError("Either `column_names` argument or CSV header row contains duplicate column names. "
                         "Received: %s." % (column_names,))
    if select_columns is not None:
        select_columns = _sorted_csv_columns(select_columns, column_names)
    if column_defaults is not None:
        column_defaults = [_tf.constant([], x) if isinstance(x, _tf.DType) else x for x in column_defaults]
    else:
        chosen = range(len(column_names)) if select_columns is None else select_columns
        types = [None] * len(chosen)
        for i, row in enumerate(_csv_rows(filenames, len(column_names), field_delim, use_quote_delim, header)):
            if num_rows_for_inference is not None and i >= num_rows_for_inference:
                break
            for j, col in enumerate(chosen):
                types[j] = _infer_csv_type(row[col], na_value, types[j])
        column_defaults = [_tf.constant([0 if t != _tf.string else ""], t) for t in (t or _tf.string for t in types)]
    if select_columns is not None and len(column_defaults) != len(select_columns):
        raise ValueError("If specified, `column_defaults` and `select_columns` must have the same length.")
    if select_columns is not None and len(column_names) > len(select_columns):
        column_names = [column_names[i] for i in select_columns]
    if label_name is not None and label_name not in column_names:
        raise ValueError("`label_name` provided must be one of the columns: %s. Received: %s."
                         % (column_names, label_name))

    def one_file(name):
        ds = CsvDatasetV2(name, record_defaults=column_defaults, field_delim=field_delim,
                          use_quote_delim=use_quote_delim, na_value=na_value, select_cols=select_columns,
                          header=header)
        return ds.ignore_errors() if ignore_errors else ds

    first = CsvDatasetV2(filenames[0], record_defaults=column_defaults, select_cols=select_columns)
    dataset = _CsvFilesDataset(files, one_file, first.element_spec)
    if num_epochs != 1 and shuffle:
        dataset = dataset.shuffle(shuffle_buffer_size, shuffle_seed).repeat(num_epochs)
    elif shuffle:
        dataset = dataset.shuffle(shuffle_buffer_size, shuffle_seed)
    elif num_epochs != 1:
        dataset = dataset.repeat(num_epochs)
    dataset = dataset.batch(batch_size, drop_remainder=num_epochs is None)
    names = list(column_names)

    def to_features(*columns):
        from collections import OrderedDict
        features = OrderedDict(zip(names, columns))  # as TF makes them
        if label_name is not None:
            label = features.pop(label_name)
            return features, label
        return features

    dataset = dataset.map(to_features)
    return dataset.prefetch(AUTOTUNE if prefetch_buffer_size is None else prefetch_buffer_size)


experimental.make_csv_dataset = make_csv_dataset


# ----- options -----------------------------------------------------------------------------------
# tf.data.Options as TF's options.py defines it: typed properties (a wrong type is TypeError, an
# unknown name AttributeError), nested option groups, equality by value; a dataset's options are
# those of its inputs merged with its own (set values of later options win).
import enum as _enum


class AutoShardPolicy(_enum.IntEnum):
    OFF = -1
    AUTO = 0
    FILE = 1
    DATA = 2
    HINT = 3


class ExternalStatePolicy(_enum.Enum):
    WARN = 0
    IGNORE = 1
    FAIL = 2


class AutotuneAlgorithm(_enum.Enum):
    DEFAULT = 0
    HILL_CLIMB = 1
    GRADIENT_DESCENT = 2
    MAX_PARALLELISM = 3
    STAGE_BASED = 4


class _OptionsBase:
    _fields = {}  # name -> (type, default)

    def __init__(self):
        object.__setattr__(self, "_options", {})
        object.__setattr__(self, "_mutable", True)

    def __getattr__(self, name):
        fields = type(self)._fields
        if name in fields:
            ty, default = fields[name]
            options = object.__getattribute__(self, "_options")
            if name in options:
                return options[name]
            if isinstance(ty, type) and issubclass(ty, _OptionsBase):
                group = ty()
                options[name] = group
                return group
            return default
        raise AttributeError("'%s' object has no attribute '%s'" % (type(self).__name__, name))

    def __setattr__(self, name, value):
        fields = type(self)._fields
        if name not in fields:
            raise AttributeError("Cannot set the property %s on %s." % (name, type(self).__name__))
        ty = fields[name][0]
        if value is not None and not isinstance(value, ty):
            raise TypeError("Property \"%s\" must be of type %s, got: %r (type: %s)" % (name, ty, value, type(value)))
        self._options[name] = value

    def __eq__(self, other):
        if not isinstance(other, type(self)):
            return NotImplemented
        return self._set_values() == other._set_values()

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    __hash__ = None

    def _set_values(self):
        out = {}
        for name, value in self._options.items():
            if isinstance(value, _OptionsBase):
                value = value._set_values()
                if not value:
                    continue
            if value is not None:
                out[name] = value
        return out

    def _merged(self, other):
        result = type(self)()
        for src in (self, other):
            for name, value in src._options.items():
                if isinstance(value, _OptionsBase):
                    result._options[name] = getattr(result, name)._merged(value)
                elif value is not None:
                    result._options[name] = value
        return result


class ThreadingOptions(_OptionsBase):
    _fields = {"max_intra_op_parallelism": (int, None), "private_threadpool_size": (int, None)}


class DistributeOptions(_OptionsBase):
    _fields = {"auto_shard_policy": (AutoShardPolicy, AutoShardPolicy.AUTO), "num_devices": (int, None)}


class OptimizationOptions(_OptionsBase):
    _fields = {name: (bool, None) for name in (
        "apply_default_optimizations", "filter_fusion", "filter_parallelization", "inject_prefetch",
        "seq_interleave_prefetch", "map_and_batch_fusion", "map_and_filter_fusion", "map_fusion",
        "map_parallelization", "noop_elimination", "parallel_batch", "shuffle_and_repeat_fusion")}


class AutotuneOptions(_OptionsBase):
    _fields = {"enabled": (bool, None), "cpu_budget": (int, None), "ram_budget": (int, None),
               "autotune_algorithm": (AutotuneAlgorithm, None)}


class Options(_OptionsBase):
    _fields = {"autotune": (AutotuneOptions, None), "deterministic": (bool, None),
               "experimental_deterministic": (bool, None), "experimental_distribute": (DistributeOptions, None),
               "experimental_external_state_policy": (ExternalStatePolicy, None),
               "experimental_optimization": (OptimizationOptions, None), "experimental_slack": (bool, None),
               "experimental_symbolic_checkpoint": (bool, None), "experimental_warm_start": (bool, None),
               "threading": (ThreadingOptions, None), "experimental_threading": (ThreadingOptions, None)}

    def __getattr__(self, name):
        if name == "experimental_deterministic":
            name = "deterministic"  # TF's alias
        if name == "experimental_threading":
            name = "threading"
        return _OptionsBase.__getattr__(self, name)

    def __setattr__(self, name, value):
        if name == "experimental_deterministic":
            name = "deterministic"
        if name == "experimental_threading":
            name = "threading"
        _OptionsBase.__setattr__(self, name, value)

    def merge(self, options):
        return self._merged(options)


class _OptionsDataset(Dataset):
    def __init__(self, src, options):
        self._src = src
        self._own_options = options

    def _get_spec(self):
        return self._src._get_spec()

    def _card(self):
        return self._src._card()

    def _iter(self):
        return self._src._iter()


def _dataset_inputs(ds):
    for value in vars(ds).values():
        if isinstance(value, Dataset):
            yield value
        elif isinstance(value, (list, tuple)):
            for v in value:
                if isinstance(v, Dataset):
                    yield v


def _dataset_options(self):
    result = Options()
    for src in _dataset_inputs(self):
        result = result._merged(src.options())
    own = vars(self).get("_own_options")
    return result._merged(own) if own is not None else result


Dataset.with_options = lambda self, options, name=None: _OptionsDataset(self, options)
Dataset.options = _dataset_options
for _cls in (AutoShardPolicy, ExternalStatePolicy, AutotuneAlgorithm, ThreadingOptions, DistributeOptions,
             OptimizationOptions, AutotuneOptions):
    setattr(experimental, _cls.__name__, _cls)
ThreadingOptions.__module__ = DistributeOptions.__module__ = OptimizationOptions.__module__ = \
    AutotuneOptions.__module__ = Options.__module__ = "tensorflow.python.data.ops.options"


# ----- sample_from_datasets ----------------------------------------------------------------------
def _sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False,
                          rerandomize_each_iteration=None):
    # as TF's sample_from_datasets_op: the selector draws one class per element with
    # StatelessMultinomial over log(weights), seeded by pairs of Dataset.random(seed) values
    datasets = list(datasets)
    if not datasets:
        raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
    seeds = _RandomDataset(seed).batch(2)
    if isinstance(weights, Dataset):
        logits_ds = weights.map(lambda *p: _tf.math.log(p, name="logits"))
        selector = Dataset.zip((logits_ds, seeds)).map(
            lambda logits, s: _tf.squeeze(_tf.random.stateless_categorical(logits, 1, s), axis=[0, 1]))
        return _DirectedInterleaveDataset(selector, datasets, stop_on_empty_dataset)
    if weights is None:
        logits = [[1.0] * len(datasets)]
    else:
        if _tf.is_tensor(weights):
            if not weights.shape.is_compatible_with([len(datasets)]):
                raise ValueError("Invalid `weights`. The shape of `weights` should be compatible with "
                                 "`[len(datasets)]` but is %s." % (weights.shape,))
        else:
            if len(datasets) != len(weights):
                raise ValueError("Invalid `weights`. `weights` should have the same length as `datasets` but "
                                 "got `len(weights)=%d` vs. `len(datasets)=%d`." % (len(weights), len(datasets)))
            kept = [(d, w) for d, w in zip(datasets, weights) if w > 0]
            if kept:
                datasets, weights = [d for d, _ in kept], [w for _, w in kept]
            else:
                datasets, weights = [datasets[0].take(0)], [1.]
        weights = _tf.convert_to_tensor(weights, name="weights")
        if weights.dtype not in (_tf.float32, _tf.float64):
            raise TypeError("Invalid `weights`. `weights` type must be either `tf.float32` or `tf.float64` but "
                            "is %s." % (weights.dtype,))
        logits = _tf.expand_dims(_tf.math.log(weights, name="logits"), 0)
    if len(datasets) == 1:
        return datasets[0]
    logits = _tf.convert_to_tensor(logits)
    selector = seeds.map(lambda s: _tf.squeeze(_tf.random.stateless_categorical(logits, 1, s), axis=[0, 1]))
    return _DirectedInterleaveDataset(selector, datasets, stop_on_empty_dataset)


Dataset.sample_from_datasets = staticmethod(_sample_from_datasets)
experimental.sample_from_datasets = _sample_from_datasets
