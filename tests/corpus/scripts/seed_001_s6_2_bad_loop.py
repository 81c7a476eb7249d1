# Seed 001 (第8课) §6.2 坑4 bad_loop with @tf.function, as written: with a Python int n the while loop
# unrolls at trace time; with a tensor n it is a graph loop. Completed: the calls and prints.
import tensorflow as tf

@tf.function
def bad_loop(n):
    i = 0
    while i < n: # 若n是Python整数，循环被常量折叠
        i += 1
    return i

print(bad_loop(3).numpy(), bad_loop(tf.constant(4)).numpy())
print(bad_loop.experimental_get_tracing_count())
