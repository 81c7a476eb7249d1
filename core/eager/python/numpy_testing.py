# numpy.testing: the assertions real tests and guides use, with numpy 2's messages (recorded from
# numpy 2.4: tests/corpus/scripts/np_testing_asserts.py). Runs into the numpy module after numpy.py.


def _a2s(x):
    # array2string of a 0-d array is what its repr holds inside "array(...)"
    r = repr(asarray(x))
    if r.startswith("array("):
        r = r[6:-1]
        cut = r.find(", dtype=")
        if cut >= 0:
            r = r[:cut]
    return r


def _err_repr(x):
    r = repr(x)
    if r.count("\n") > 3:
        r = "\n".join(r.splitlines()[:3]) + "..."
    return r


def _build_err_msg(arrays, err_msg, header, names=("ACTUAL", "DESIRED")):
    msg = ["\n" + header]
    if err_msg:
        if err_msg.find("\n") == -1 and len(err_msg) < 79 - len(header):
            msg = [msg[0] + " " + err_msg]
        else:
            msg.append(err_msg)
    for name, a in zip(names, arrays):
        msg.append(" %s: %s" % (name, _err_repr(a)))
    return "\n".join(msg)


def _index_text(idx):
    return ", ".join(str(i) for i in idx)


def _compare(check, x, y, err_msg, header, names=("ACTUAL", "DESIRED"), equal_nan=True, equal_inf=True):
    # check(x, y) -> bool array of the places that hold (broadcast); NaN and inf in the same places
    # count as equal, as numpy's assert_array_compare does
    x_in, y_in = x, y
    x = asarray(x)
    y = asarray(y)
    if not (x.shape == () or y.shape == () or x.shape == y.shape):
        reason = "\n(shapes %s, %s mismatch)" % (x.shape, y.shape)
        raise AssertionError(_build_err_msg([x, y], err_msg + reason, header, names))
    shape = x.shape if x.shape != () else y.shape
    xb = broadcast_to(x, shape)
    yb = broadcast_to(y, shape)
    flat_x = xb.reshape(-1)
    flat_y = yb.reshape(-1)
    is_float = issubdtype(xb.dtype, floating) or issubdtype(yb.dtype, floating)
    ok = asarray(check(xb, yb)).reshape(-1).tolist()
    xs = flat_x.tolist()
    ys = flat_y.tolist()
    n = len(ok)
    for i in _pyrange(n):
        if ok[i] or not is_float:
            continue
        a, b = _pyfloat(xs[i]), _pyfloat(ys[i])
        if equal_nan and a != a and b != b:
            ok[i] = True
        elif equal_inf and a == b and (a == inf or a == -inf):
            ok[i] = True
    bad = [i for i in _pyrange(n) if not ok[i]]
    if not bad:
        return
    remarks = ["Mismatched elements: %d / %d (%s%%)" % (len(bad), n, "%.3g" % (100.0 * len(bad) / n))]
    if shape != ():
        if len(bad) == 1:
            remarks.append("Mismatch at index:")
        elif len(bad) <= 5:
            remarks.append("Mismatch at indices:")
        else:
            remarks.append("First 5 mismatches are at indices:")
        for i in bad[:5]:
            idx = []
            rest = i
            for d in reversed(shape):
                idx.append(rest % d)
                rest //= d
            idx.reverse()
            remarks.append(" [%s]: %r (%s), %r (%s)" % (_index_text(idx), xs[i], names[0], ys[i], names[1]))
    bad_arr = array(bad, "int64")
    bx = flat_x[bad_arr]
    by = flat_y[bad_arr]
    if xb.dtype != bool_ and yb.dtype != bool_:
        errors = abs(bx - by)
        remarks.append("Max absolute difference among violations: " + _a2s(max(errors)))
        remarks.append("Max relative difference among violations: " + _a2s(max(errors / abs(by))))
    raise AssertionError(_build_err_msg([x_in if _is_arr(x_in) else x, y_in if _is_arr(y_in) else y],
                                        err_msg + "\n" + "\n".join(remarks), header, names))


def _assert_allclose(actual, desired, rtol=1e-07, atol=0, equal_nan=True, err_msg="", verbose=True, strict=False):
    header = "Not equal to tolerance rtol=%g, atol=%g" % (rtol, atol)
    a = asarray(actual)
    d = asarray(desired)
    if strict and (a.shape != d.shape or a.dtype != d.dtype):
        raise AssertionError(_build_err_msg([a, d], err_msg + "\n(shapes %s, %s mismatch)" % (a.shape, d.shape)
                                            if a.shape != d.shape else err_msg + "\n(dtypes %s, %s mismatch)"
                                            % (a.dtype, d.dtype), header))
    _compare(lambda x, y: abs(x - y) <= atol + rtol * abs(y), a, d, err_msg, header, equal_nan=equal_nan)


def _assert_array_equal(actual, desired, err_msg="", verbose=True, strict=False):
    _compare(lambda x, y: x == y, actual, desired, err_msg, "Arrays are not equal")


def _assert_array_almost_equal(actual, desired, decimal=6, err_msg="", verbose=True):
    header = "Arrays are not almost equal to %d decimals" % decimal
    _compare(lambda x, y: abs(x - y) < 1.5 * 10.0 ** (-decimal), actual, desired, err_msg, header)


def _assert_array_less(x, y, err_msg="", verbose=True, strict=False):
    _compare(lambda a, b: a < b, x, y, err_msg, "Arrays are not strictly ordered `x < y`", names=("x", "y"),
             equal_nan=False, equal_inf=False)


def _assert_equal(actual, desired, err_msg="", verbose=True, strict=False):
    if isinstance(desired, dict):
        if not isinstance(actual, dict):
            raise AssertionError(repr(type(actual)))
        _assert_equal(len(actual), len(desired), err_msg)
        for k in desired:
            if k not in actual:
                raise AssertionError(repr(k))
            _assert_equal(actual[k], desired[k], "key=%r\n%s" % (k, err_msg))
        return
    if isinstance(desired, (list, tuple)) and isinstance(actual, (list, tuple)):
        _assert_equal(len(actual), len(desired), err_msg)
        for k in _pyrange(len(desired)):
            _assert_equal(actual[k], desired[k], "item=%r\n%s" % (k, err_msg))
        return
    if _is_arr(actual) or _is_arr(desired):
        return _assert_array_equal(actual, desired, err_msg)
    same = actual == desired
    if not same:
        try:
            same = actual != actual and desired != desired  # NaN equals NaN here
        except Exception:
            same = False
    if not same:
        raise AssertionError(_build_err_msg([actual, desired], err_msg, "Items are not equal:"))


def _assert_almost_equal(actual, desired, decimal=7, err_msg="", verbose=True):
    if _is_arr(actual) or _is_arr(desired) or isinstance(actual, (list, tuple)) or isinstance(desired, (list, tuple)):
        return _assert_array_almost_equal(actual, desired, decimal, err_msg)
    header = "Arrays are not almost equal to %d decimals" % decimal
    a, d = _pyfloat(actual), _pyfloat(desired)
    if a != a and d != d:
        return
    if a == d:
        return
    if _pyabs(d - a) >= 1.5 * 10.0 ** (-decimal):
        raise AssertionError(_build_err_msg([actual, desired], err_msg, header))


class _AssertRaises:
    def __init__(self, expected, by=None):
        self.expected = expected
        self.by = by
        self.exception = None

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if kind is None:
            name = getattr(self.expected, "__name__", str(self.expected))
            raise AssertionError("%s not raised" % name + ("" if self.by is None else " by " + self.by))
        if not issubclass(kind, self.expected):
            return False
        self.exception = value
        return True


def _assert_raises(expected, *args, **kwargs):
    if not args:
        return _AssertRaises(expected)
    with _AssertRaises(expected, getattr(args[0], "__name__", None)):
        args[0](*args[1:], **kwargs)


def _assert_(val, msg=""):
    if not val:
        raise AssertionError(msg() if callable(msg) else msg)


testing = _Namespace()
testing.assert_allclose = _assert_allclose
testing.assert_array_equal = _assert_array_equal
testing.assert_array_almost_equal = _assert_array_almost_equal
testing.assert_array_less = _assert_array_less
testing.assert_equal = _assert_equal
testing.assert_almost_equal = _assert_almost_equal
testing.assert_raises = _assert_raises
testing.assert_ = _assert_
