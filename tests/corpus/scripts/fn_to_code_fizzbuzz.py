# tf.autograph.to_code of fizzbuzz: a for loop over tf.range with elif chains and tf.print.
import tensorflow as tf

@tf.function
def fizzbuzz(max_num):
    counter = 0
    for num in tf.range(max_num):
        if num % 3 == 0 and num % 5 == 0:
            tf.print("FizzBuzz")
        elif num % 3 == 0:
            tf.print("Fizz")
        elif num % 5 == 0:
            tf.print("Buzz")
        else:
            tf.print(num)
        counter += 1
    return counter

print(tf.autograph.to_code(fizzbuzz.python_function))
