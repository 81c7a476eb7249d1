# Seed 000 §5.1 第一招: debug_func with @tf.function(autograph=False), as written. Completed: a call;
# the OperatorNotAllowedInGraphError the article predicts is caught and its type printed.
import tensorflow as tf

@tf.function(autograph=False) # 关键！关闭 AutoGraph
def debug_func(x):
    if x > 0: # 这里会直接报错：OperatorNotAllowedInGraphError
        return x + 1
    return x

try:
    debug_func(tf.constant(1))
except Exception as e:
    print(type(e).__name__)
