# A tf.function method traces per instance (self is part of the key).
import tensorflow as tf

class Model:
    def __init__(self, w):
        self.w = tf.Variable(w)

    @tf.function
    def __call__(self, x):
        print("tracing")
        return x * self.w

m1, m2 = Model(2.0), Model(3.0)
x = tf.constant(1.5)
print(m1(x).numpy(), m1(x).numpy(), m2(x).numpy())
print(m1.__call__.experimental_get_tracing_count(), m2.__call__.experimental_get_tracing_count())
