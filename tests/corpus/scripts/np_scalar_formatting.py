# numpy scalars in Python formatting: %-formatting, format(), f-strings and str.format of the
# scalars .numpy() and numpy give (float32, float64, int64, int32), float()/int()/round().
import numpy as np
import tensorflow as tf

x = tf.constant(1.5).numpy()
print(type(x).__name__, x, repr(x))
print("%1.6f" % x, "%d" % x, "%s" % x, "%r" % x, "%e" % x, "%g" % x)
print(f"{x:0.3f}", f"{x}", f"{x!r}", format(x, ".2f"), "{:.1f}".format(x))
print(float(x), int(x), round(x), round(x, 2))
y = np.int64(7)
print("%d %5.2f %x %o" % (y, y, y, y), f"{y:04d}", f"{y}", f"{y:>5}|")
z = np.float64(2.25)
print(f"{z:.1f}", "%.3f" % z, z * 2, type(z * 2).__name__)
i = tf.constant(3).numpy()
print(type(i).__name__, "%d|%3d|%-3d|%x" % (i, i, i, i), f"{i:+d}", "%.1f" % i)
print("Current loss: %1.6f" % tf.reduce_mean(tf.square(tf.constant([1.0, 2.0]))).numpy())
