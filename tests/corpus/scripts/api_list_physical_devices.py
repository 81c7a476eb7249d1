# tf.config.list_physical_devices (run with CUDA_VISIBLE_DEVICES=-1: only the CPU).
import tensorflow as tf

cpus = tf.config.list_physical_devices("CPU")
print(cpus)
print(cpus[0].name, cpus[0].device_type)
print(tf.config.list_physical_devices("GPU"))
print(len(tf.config.list_physical_devices()) >= 1)
print(tf.executing_eagerly())
