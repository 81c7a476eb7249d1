# Seed 001 (第8课) §4.6 MyModel with a @tf.function call, up to the forced trace (indentation
# restored). Left out: the TensorBoard part (file writer, trace_on/trace_export: writes files).
# Added: a seed and prints of the output shape and the trace count.
import tensorflow as tf

tf.keras.utils.set_random_seed(0)

# 定义一个简单的模型
class MyModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense1 = tf.keras.layers.Dense(32, activation='relu', name='dense1')
        self.dense2 = tf.keras.layers.Dense(1, name='dense2')

    @tf.function
    def call(self, inputs):
        x = self.dense1(inputs)
        return self.dense2(x)

model = MyModel()
# 生成一个具体输入
dummy_input = tf.random.normal((1, 10))
# 强制追踪图
_ = model.call(dummy_input)
_ = model.call(dummy_input) # 运行一次
print(_.shape, model.call.experimental_get_tracing_count())
