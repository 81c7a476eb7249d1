# A first call that creates a variable traces twice; later calls reuse the second trace.
import tensorflow as tf

class Counter:
    def __init__(self):
        self.v = None

    @tf.function
    def __call__(self, x):
        print("tracing")
        if self.v is None:
            self.v = tf.Variable(0.0)
        self.v.assign_add(x)
        return self.v.read_value()

c = Counter()
print(c(tf.constant(1.0)).numpy())
print(c(tf.constant(2.0)).numpy())
print(c.__call__.experimental_get_tracing_count())
