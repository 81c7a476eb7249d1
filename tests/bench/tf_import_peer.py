"""The peer for B1: TensorFlow parsing a GraphDef / MetaGraphDef file and importing it into a
tf.Graph. Prints the best of 3 wall-clock seconds."""
import sys
import time

import tensorflow as tf
from google.protobuf import text_format
from tensorflow.core.framework import graph_pb2
from tensorflow.core.protobuf import meta_graph_pb2

path = sys.argv[1]
data = open(path, "rb").read()
best = float("inf")
for _ in range(3):
    start = time.perf_counter()
    if path.endswith(".meta"):
        meta = meta_graph_pb2.MetaGraphDef()
        meta.ParseFromString(data)
        with tf.Graph().as_default():
            tf.compat.v1.train.import_meta_graph(meta, clear_devices=True)
    else:
        graph_def = graph_pb2.GraphDef()
        if path.endswith(".pbtxt"):
            text_format.Parse(data.decode("utf-8"), graph_def)
        else:
            graph_def.ParseFromString(data)
        with tf.Graph().as_default():
            tf.import_graph_def(graph_def, name="")
    best = min(best, time.perf_counter() - start)
print(best)
