# keras.layers.MultiHeadAttention (Keras 3.15, TF backend): weights (EinsumDense query/key/value/
# attention_output), the dot-product path, attention scores, masks, a functional model, config.
import numpy as np
import keras
from keras import layers

keras.utils.set_random_seed(11)
q = np.sin(np.arange(2 * 4 * 5, dtype='float32') * 0.37).reshape(2, 4, 5)
v = np.cos(np.arange(2 * 6 * 5, dtype='float32') * 0.73).reshape(2, 6, 5) * 2
mha = layers.MultiHeadAttention(num_heads=2, key_dim=3)
out = mha(q, v)
print(out.shape, mha.name, [(w.path, tuple(w.shape)) for w in mha.weights])
print(np.round(out.numpy(), 5))
out2, scores = mha(q, v, return_attention_scores=True)
print(scores.shape, np.allclose(out2.numpy(), out.numpy(), atol=1e-6), np.round(scores.numpy()[0, 1], 5))
print(np.round(scores.numpy().sum(-1), 5))
mask = np.tril(np.ones((4, 6), dtype=bool))[None].repeat(2, 0)
print(np.round(mha(q, v, attention_mask=mask).numpy()[1], 5))
self_att = layers.MultiHeadAttention(num_heads=1, key_dim=4, value_dim=2, output_shape=3, name='self_att')
y, s = self_att(q, q, use_causal_mask=True, return_attention_scores=True)
print(y.shape, [tuple(w.shape) for w in self_att.weights], np.round(s.numpy()[0, 0], 4))
print(np.round(self_att(q, q, use_causal_mask=True).numpy()[0], 5))
inp = keras.Input((4, 5))
model = keras.Model(inp, layers.MultiHeadAttention(num_heads=2, key_dim=2, use_bias=False)(inp, inp))
model.summary()
print(np.round(model.predict(q, verbose=0)[0], 5))
cfg = mha.get_config()
print(sorted(cfg), cfg['num_heads'], cfg['key_dim'], cfg['value_dim'], cfg['output_shape'], cfg['attention_axes'])
for bad in [dict(num_heads=0, key_dim=2), dict(num_heads=2, key_dim=-1), dict(num_heads=2, key_dim=2, value_dim=0)]:
    try:
        layers.MultiHeadAttention(**bad)
    except ValueError as e:
        print('ValueError', e)
