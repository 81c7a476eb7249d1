# Seed 002 §5.3 last tip: tf.config.optimizer.set_experimental_options({'layout_optimizer': True})
# (quotes restored). Completed: the option is read back.
import tensorflow as tf

tf.config.optimizer.set_experimental_options({'layout_optimizer': True})
print(tf.config.optimizer.get_experimental_options())
