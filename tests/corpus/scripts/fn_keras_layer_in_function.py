# A Keras layer called inside a tf.function (weights built during the first trace).
import tensorflow as tf

layer = tf.keras.layers.Dense(2, kernel_initializer="ones", bias_initializer="zeros")

@tf.function
def forward(x):
    return layer(x)

print(forward(tf.constant([[1.0, 2.0]])).numpy())
print(forward(tf.constant([[3.0, 4.0]])).numpy())
print(forward.experimental_get_tracing_count())
