# numpy.testing's assertions with numpy 2's messages: allclose, array_equal, almost_equal, array_less,
# equal (nested), raises; mismatch index lists, differences among violations, shape mismatches.
import numpy as np
def t(f):
    try:
        f()
        print("ok")
    except AssertionError as e:
        print(repr(str(e)))
t(lambda: np.testing.assert_allclose([1.0, 2.0, 3.0], [1.0, 2.0, 3.0000001]))
t(lambda: np.testing.assert_allclose([1.0, 2.0, 3.0], [1.0, 2.5, 4.0]))
t(lambda: np.testing.assert_allclose(np.array([[1.0, 2.0]], np.float32), np.array([[1.0, 2.1]], np.float32)))
t(lambda: np.testing.assert_allclose([1.0, 2.0], [1.0, 2.0, 3.0]))
t(lambda: np.testing.assert_allclose(1.0, 1.1, err_msg="hello"))
t(lambda: np.testing.assert_allclose([np.nan], [np.nan]))
t(lambda: np.testing.assert_allclose([0.0, 1.0], [1e-9, 1.0], atol=1e-8))
t(lambda: np.testing.assert_array_equal([1, 2, 3], [1, 2, 4]))
t(lambda: np.testing.assert_array_equal([1, 2, 3], [1, 2, 3]))
t(lambda: np.testing.assert_equal({"a": 1}, {"a": 2}))
t(lambda: np.testing.assert_equal(1, 2))
t(lambda: np.testing.assert_almost_equal(1.0, 1.00001, decimal=3))
t(lambda: np.testing.assert_almost_equal(1.0, 1.1))
t(lambda: np.testing.assert_array_almost_equal([1.0, 2.0], [1.0, 2.1]))
t(lambda: np.testing.assert_array_less([1, 2], [2, 2]))
t(lambda: np.testing.assert_allclose(np.arange(20.0), np.arange(20.0) + 1))
t(lambda: np.testing.assert_allclose([0.0, 1.0], [0.0, 0.0]))
t(lambda: np.testing.assert_allclose(np.arange(200.0).reshape(20, 10), np.arange(200.0).reshape(20, 10) * 2))
t(lambda: np.testing.assert_allclose([1.0, np.inf], [1.0, np.inf]))
t(lambda: np.testing.assert_allclose([1.0, np.nan], [1.0, np.nan], equal_nan=False))
t(lambda: np.testing.assert_equal([1, [2, 3]], [1, [2, 4]]))
t(lambda: np.testing.assert_equal(1, 2, err_msg="short"))
t(lambda: np.testing.assert_array_equal(np.array([True, False]), np.array([True, True])))
t(lambda: np.testing.assert_allclose(3, [3, 3, 4]))
t(lambda: np.testing.assert_almost_equal([1.0, 2.0], [1.0, 2.0000001]))
with np.testing.assert_raises(ZeroDivisionError):
    1 / 0
t(lambda: np.testing.assert_raises(ValueError, int, "3"))
np.testing.assert_raises(ValueError, int, "x")
print("done")
print(np.max(np.array([True, False])), np.min(np.array([True, False])))
