# An uncaught ValueError from tf.constant of a non-rectangular list is the traceback's last line.
import tensorflow as tf

x = tf.constant([[1, 2], [3]])
print("never printed")
