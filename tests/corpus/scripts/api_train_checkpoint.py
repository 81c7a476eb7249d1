# tf.train.Checkpoint and CheckpointManager: TF's object paths and keys, save/write/restore/read,
# the save counter, the `checkpoint` state file, max_to_keep, latest_checkpoint, list_variables,
# load_variable, load-status checks, restoring into a Keras model; a missing checkpoint.
import os
import tempfile

import numpy as np
import tensorflow as tf

tmp = tempfile.mkdtemp()


def at(p):
    return os.path.join(tmp, p)


def rel(p):
    return None if p is None else os.path.relpath(p, tmp)


class Net(tf.Module):
    def __init__(self):
        self.w = tf.Variable([[1.0, 2.0]], name="w")
        self.b = tf.Variable(0.5)
        self.sub = tf.Module()
        self.sub.v = tf.Variable(3)
        self.layers = [tf.Variable(1.0), tf.Variable(2.0)]
        self.table = {"word": tf.Variable("hi"), "ids": tf.Variable([4, 5])}


def state(path):
    return [l for l in open(at(path)).read().splitlines() if "timestamp" not in l]


net = Net()
step = tf.Variable(7, dtype=tf.int64)
ckpt = tf.train.Checkpoint(step=step, net=net)
path = ckpt.save(at("ck/model"))
print(rel(path), ckpt.save_counter.numpy())
print(tf.train.list_variables(at("ck")))
print(state("ck/checkpoint"))
print(sorted(os.listdir(at("ck"))))
print(rel(ckpt.save(at("ck/model"))), rel(tf.train.latest_checkpoint(at("ck"))))
net.b.assign(9.0)
net.table["word"].assign("changed")
step.assign(0)
status = ckpt.restore(at("ck/model-1"))
print(net.b.numpy(), net.table["word"].numpy(), step.numpy(), ckpt.save_counter.numpy(), type(status).__name__)
status.assert_consumed()
status.assert_existing_objects_matched()
print(tf.train.load_variable(at("ck/model-2"), "net/sub/v/.ATTRIBUTES/VARIABLE_VALUE"))
print(tf.train.load_variable(at("ck"), "net/layers/1/.ATTRIBUTES/VARIABLE_VALUE"))
manager = tf.train.CheckpointManager(ckpt, at("ck2"), max_to_keep=2)
print(manager.latest_checkpoint, manager.checkpoints)
for i in range(3):
    step.assign_add(1)
    print(rel(manager.save()))
print([rel(p) for p in manager.checkpoints], rel(manager.latest_checkpoint))
print(state("ck2/checkpoint"))
print(sorted(os.listdir(at("ck2"))))
print(rel(manager.save(checkpoint_number=100)))
again = tf.train.CheckpointManager(ckpt, at("ck2"), max_to_keep=2)
print([rel(p) for p in again.checkpoints], rel(again.latest_checkpoint))
print(rel(ckpt.write(at("ck3/w"))), sorted(os.listdir(at("ck3"))), os.path.exists(at("ck3/checkpoint")))
fresh = Net()
other = tf.train.Checkpoint(net=fresh)
st = other.restore(at("ck3/w"))
print(fresh.w.numpy(), fresh.table["ids"].numpy())
try:
    st.assert_consumed()
except AssertionError as e:
    print("AssertionError", str(e).split(":")[0])
st.expect_partial()
part = tf.train.Checkpoint(net=Net(), extra=tf.Variable(1.0))
pst = part.restore(at("ck3/w"))
try:
    pst.assert_existing_objects_matched()
except AssertionError as e:
    print("AssertionError", str(e).split(":")[0])
pst.expect_partial()
print(tf.train.latest_checkpoint(at("nowhere")))
try:
    tf.train.Checkpoint(net=net).restore(at("ck/none-3"))
except Exception as e:
    print(type(e).__name__)

tf.keras.utils.set_random_seed(0)
model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2), tf.keras.layers.Dense(1)])
ck = tf.train.Checkpoint(model=model)
saved = ck.write(at("km/model"))
before = [v.numpy().copy() for v in model.weights]
for v in model.weights:
    v.assign(tf.zeros_like(v))
ck.restore(saved)
print(all(np.array_equal(a, v.numpy()) for a, v in zip(before, model.weights)))
