# tf.einsum as TF's Einsum kernel computes it (batch / free / contract / reduce labels, one
# BatchMatMul), implicit outputs; tf.linalg.band_part; the errors. Not here, as their sums are not
# in TF's order yet: matrix-vector contractions (TF's gemv) and whole reductions of one operand.
import numpy as np
import tensorflow as tf

a = tf.constant(((np.arange(24, dtype='float32') * 0.37) % 1.9 - 0.8).reshape(2, 3, 4))
b = tf.constant(((np.arange(20, dtype='float32') * 0.71) % 1.3 - 0.6).reshape(4, 5))
print(tf.einsum('abc,cd->abd', a, b).numpy().tolist())
print(tf.einsum('bij,bkj->bik', a, a).numpy().tolist())
print(tf.einsum('ij,jk->ik', b[:3, :4], b).numpy().tolist())
print(tf.einsum('abc->ca', a).numpy().tolist(), tf.einsum('abc->ac', a).shape)
print(tf.einsum('i,j->ij', b[0], b[1]).numpy().tolist(), tf.einsum('ij,kj', b[:2], b[:3]).shape)
print(tf.einsum('abc,abd->cd', a, a).numpy().tolist())
m = tf.reshape(tf.range(1.0, 17.0), (4, 4))
print(tf.linalg.band_part(m, 1, 0).numpy().tolist(), tf.linalg.band_part(m, -1, 0).numpy().tolist())
print(tf.linalg.band_part(m, 0, -1).numpy().tolist(), tf.linalg.band_part(tf.ones((2, 3, 3), tf.int32), 0, 1).numpy().tolist())
for eq, args in [('ab,bc->ac', (a[0], a[0])), ('ab,bc->ad', (b, b))]:
    try:
        tf.einsum(eq, *args)
    except (ValueError, tf.errors.InvalidArgumentError) as e:
        print(type(e).__name__)
