# tf.saved_model.load of a tf.Module real TF 2.21 saved (saved_models/restored, written by
# tests/oracle/write_tf_saved_models.py): the restored objects (submodules, variables, functions
# and their concrete functions) called as the module's own, gradients through them, saved
# custom gradients and state updates.
import numpy as np
import tensorflow as tf

m = tf.saved_model.load('saved_models/restored')
print(type(m).__name__, sorted(k for k in vars(m) if not k.startswith('_')))
print(m.scale.numpy(), m.steps.numpy(), m.scale.trainable, m.steps.trainable, m.scale.dtype, m.scale.shape)
print(m.dense.w.numpy().tolist(), m.dense.b.numpy().tolist(), m.dense.w.name, m.scale.name)
x = tf.constant([[1.0, 2.0], [-3.0, 0.5]])
print(m.dense(x).numpy().tolist())
print(m.forward(x).numpy().tolist())
print(m.poly(tf.constant(3.0)).numpy(), m.poly(tf.constant([1.0, 2.0])).numpy().tolist())
r = m.piecewise(tf.constant(1.5))
print(sorted(r), r['y'].numpy(), r['total'].numpy())
r = m.piecewise(tf.constant(-2.0))
print(r['y'].numpy(), r['total'].numpy())
print(m.bump().numpy(), m.bump().numpy(), m.steps.numpy())
print(len(m.poly.concrete_functions), [c.structured_input_signature for c in m.forward.concrete_functions])
cf = m.piecewise.get_concrete_function()
print(cf.structured_input_signature, sorted(cf.structured_outputs.items()))
print(cf(tf.constant(2.0))['y'].numpy())

# gradients through restored functions: variables captured, and the saved custom gradient
with tf.GradientTape() as t:
    y = tf.reduce_sum(m.forward(x))
gw, gb, gs = t.gradient(y, [m.dense.w, m.dense.b, m.scale])
print(gw.numpy().tolist(), gb.numpy().tolist(), gs.numpy())
v = tf.Variable(2.0)
with tf.GradientTape() as t:
    output = m.call_custom_grad(v * v)
print(t.gradient(output, v))
with tf.GradientTape() as t:
    p = m.piecewise(v)['total']
print(t.gradient(p, [v, m.scale]))
with tf.GradientTape() as t2:
    with tf.GradientTape() as t1:
        y = m.poly(v)
    g = t1.gradient(y, v)
print(g.numpy(), t2.gradient(g, v).numpy())

m.scale.assign(0.5)
print(m.poly(tf.constant(3.0)).numpy())
try:
    m.dense(tf.constant([1.0, 2.0, 3.0]))
except (ValueError, TypeError) as e:
    print(type(e).__name__, e)
try:
    m.poly(tf.constant(1))
except (ValueError, TypeError) as e:
    print(type(e).__name__, e)
