# Seed 003: tf.config.run_functions_eagerly(True) makes every @tf.function run eagerly, so the
# article's noisy_func prints on every call and dynamic_predict's `if` is a plain Python if.
import tensorflow as tf

tf.config.run_functions_eagerly(True) # 强制所有 @tf.function 也以eager方式运行

@tf.function
def noisy_func(x):
    print("This will only print once!") # 注意：只在追踪时执行
    return x * 2

@tf.function
def dynamic_predict(x):
    if tf.reduce_mean(x) > 0:
        return x * 2
    else:
        return x * 0.5

print(noisy_func(tf.constant(1)))
print(noisy_func(tf.constant(2)))
print(dynamic_predict(tf.constant([1.0, 2.0])))
print(dynamic_predict(tf.constant([-4.0])))
print(tf.config.functions_run_eagerly())
tf.config.run_functions_eagerly(False)
print(tf.config.functions_run_eagerly())
