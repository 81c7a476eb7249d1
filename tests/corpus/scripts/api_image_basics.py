# tf.image basics: flips, convert_image_dtype (integer and float ranges, saturation),
# adjust_brightness, rgb_to_grayscale (rounded: its matrix-vector sum is not in TF's order yet);
# tf.tensordot with axis lists.
import numpy as np
import tensorflow as tf
img = tf.constant((np.arange(2 * 3 * 3) * 29 % 256).reshape(2, 3, 3).astype('uint8'))
print(tf.image.flip_left_right(img).numpy().tolist())
print(tf.image.flip_up_down(img).numpy().tolist())
f = tf.image.convert_image_dtype(img, tf.float32)
print(f.numpy().tolist())
print(tf.image.convert_image_dtype(f, tf.uint8).numpy().tolist(), tf.image.convert_image_dtype(img, tf.int32).numpy()[0, 0].tolist())
print(tf.image.convert_image_dtype(tf.constant([[[1.5, -0.2, 0.5]]]), tf.uint8, saturate=True).numpy().tolist())
print(tf.image.adjust_brightness(img, 0.1).numpy().tolist(), tf.image.adjust_brightness(f, -0.2).numpy()[0].tolist())
print(tf.image.rgb_to_grayscale(img).numpy().tolist(), np.round(tf.image.rgb_to_grayscale(f).numpy()[1], 5).tolist())
b = tf.stack([f, f * 0.5])
print(tf.image.flip_left_right(b).shape, np.round(tf.image.rgb_to_grayscale(b).numpy()[1, 0], 5).tolist())
print(tf.tensordot(tf.ones((2, 3, 4)), tf.ones((4, 5)), 1).shape, tf.tensordot(tf.ones((2, 3)), tf.ones((3, 2)), [[0, 1], [1, 0]]).numpy())
try:
    tf.image.flip_left_right(tf.ones((3, 3)))
except ValueError as e:
    print('ValueError', e)
