# tf.function wrapping a lambda and a plain function without decorator syntax.
import tensorflow as tf

square = tf.function(lambda x: x * x)
print(square(tf.constant(4)).numpy())
print(square.python_function.__name__)

def cube(x):
    return x * x * x

fcube = tf.function(cube)
print(fcube(tf.constant(3)).numpy(), fcube.python_function is cube, fcube.__name__)
