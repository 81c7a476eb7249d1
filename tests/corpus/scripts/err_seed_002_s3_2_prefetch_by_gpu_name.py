# Seed 002 §3.2 "根据设备类型动态设置" prefetch, punctuation restored. On a machine without a GPU
# (the corpus runs with CUDA_VISIBLE_DEVICES=-1) list_physical_devices('GPU')[0] raises IndexError.
import tensorflow as tf

ds = tf.data.Dataset.range(8).batch(2)
print(tf.config.list_physical_devices('GPU'))
# 根据设备类型动态设置
if 'A100' in tf.config.list_physical_devices('GPU')[0].name:
    ds = ds.prefetch(tf.data.AUTOTUNE)
elif 'T4' in tf.config.list_physical_devices('GPU')[0].name:
    ds = ds.prefetch(2) # 手动设为2平衡内存与吞吐
else:
    ds = ds.prefetch(1) # CPU训练无需prefetch
