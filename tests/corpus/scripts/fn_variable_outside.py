# A variable created outside and updated inside a tf.function: one trace, state persists.
import tensorflow as tf

counter_var = tf.Variable(0)

@tf.function
def increment_var():
    counter_var.assign_add(1)
    return counter_var.read_value()

print(increment_var().numpy())
print(increment_var().numpy())
print(increment_var().numpy())
print(counter_var.numpy(), increment_var.experimental_get_tracing_count())
