# A tf.Variable created on a non-first call (a retrace for a new dtype) raises ValueError.
import tensorflow as tf

state = {}

@tf.function
def accumulate(x):
    key = x.dtype.name
    if key not in state:
        state[key] = tf.Variable(tf.zeros_like(x))
    state[key].assign_add(x)
    return state[key].read_value()

print(accumulate(tf.constant(1.0)).numpy())
print(accumulate(tf.constant(2.5)).numpy())
print(accumulate.experimental_get_tracing_count())
try:
    accumulate(tf.constant(1))
except ValueError as e:
    print("ValueError", "only supports singleton tf.Variables created on the first call" in str(e))
print(sorted(state))
