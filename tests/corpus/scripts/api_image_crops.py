# tf.image's geometry: crop_to_bounding_box, pad_to_bounding_box, resize_with_crop_or_pad (crop and
# pad on each axis), central_crop, transpose, rot90 for k = 0..4 and negative k, on single images and
# batches; TF's errors for bad boxes and fractions.
import tensorflow as tf

img = tf.reshape(tf.range(2 * 5 * 4 * 3), [2, 5, 4, 3])
one = img[0]


def show(t):
    print(t.shape, t[..., 0].numpy().tolist())


def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)


show(tf.image.crop_to_bounding_box(one, 1, 1, 3, 2))
show(tf.image.crop_to_bounding_box(img, 0, 2, 5, 2))
show(tf.image.pad_to_bounding_box(one, 1, 2, 7, 7))
show(tf.image.pad_to_bounding_box(img, 0, 0, 5, 5))
for th, tw in [(3, 3), (7, 6), (2, 8), (5, 4), (6, 1)]:
    show(tf.image.resize_with_crop_or_pad(one, th, tw))
show(tf.image.resize_with_crop_or_pad(img, 3, 6))
for frac in [0.5, 0.3, 0.8, 1.0]:
    show(tf.image.central_crop(one, frac))
show(tf.image.central_crop(img, 0.6))
show(tf.image.transpose(one))
show(tf.image.transpose(img))
for k in [0, 1, 2, 3, 4, -1]:
    show(tf.image.rot90(one, k))
show(tf.image.rot90(img))
print(tf.image.rot90(tf.cast(one, tf.float32), 2).dtype)
err(lambda: tf.image.crop_to_bounding_box(one, -1, 0, 2, 2))
err(lambda: tf.image.crop_to_bounding_box(one, 0, 0, 6, 2))
err(lambda: tf.image.crop_to_bounding_box(one, 0, 3, 2, 2))
err(lambda: tf.image.crop_to_bounding_box(one, 0, 0, 0, 2))
err(lambda: tf.image.pad_to_bounding_box(one, 0, 0, 4, 4))
err(lambda: tf.image.pad_to_bounding_box(one, -1, 0, 8, 8))
err(lambda: tf.image.resize_with_crop_or_pad(one, 0, 3))
err(lambda: tf.image.central_crop(one, 0.0))
err(lambda: tf.image.central_crop(one, 1.5))
err(lambda: tf.image.rot90(tf.ones([3, 3])))
