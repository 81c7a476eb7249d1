# Seed 002 §4.2: serving_fn / training_fn and their concrete functions for a [None, 224, 224, 3]
# input (the article's lost "@", "=" and quotes restored). Completed: model is a small seeded
# Keras model with Dropout (so training=True differs). Left out: tf.saved_model.save (writes files).
import tensorflow as tf

tf.keras.utils.set_random_seed(0)
model = tf.keras.Sequential([tf.keras.layers.GlobalAveragePooling2D(), tf.keras.layers.Dropout(0.5),
                             tf.keras.layers.Dense(3)])

@tf.function
def serving_fn(x):
    return model(x, training=False)

@tf.function
def training_fn(x):
    return model(x, training=True)

serving = serving_fn.get_concrete_function(tf.TensorSpec(shape=[None, 224, 224, 3], dtype=tf.float32))
training = training_fn.get_concrete_function(tf.TensorSpec(shape=[None, 224, 224, 3], dtype=tf.float32))
print(serving.structured_input_signature)
print(serving.structured_outputs)
x = tf.ones([2, 224, 224, 3])
print(bool(tf.reduce_all(serving(x) == model(x, training=False))))
print(serving_fn.experimental_get_tracing_count(), training_fn.experimental_get_tracing_count())
