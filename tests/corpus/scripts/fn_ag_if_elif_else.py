# AutoGraph: if/elif/else chains on tensors (nested conditionals), one trace for all branches.
import tensorflow as tf

@tf.function
def sign_name(x):
    if x > 0:
        r = tf.constant(1)
    elif x < 0:
        r = tf.constant(-1)
    else:
        r = tf.constant(0)
    return r

for v in [5.0, -2.5, 0.0]:
    print(v, sign_name(tf.constant(v)).numpy())
print("traces", sign_name.experimental_get_tracing_count())
