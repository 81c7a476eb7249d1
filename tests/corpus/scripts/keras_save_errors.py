# Saving and loading errors as Keras 3.15 raises them (issue #19): a missing .keras file, a file
# that is not a zip archive, an unsupported extension for save / load_model / save_weights /
# load_weights.
import os
import tempfile
import keras

tmp = tempfile.mkdtemp()
m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])


def attempt(label, f):
    try:
        f()
        print(label, "ok")
    except Exception as e:
        print(label, type(e).__name__ + ":", str(e).replace(tmp, "TMP"))


attempt("missing", lambda: keras.models.load_model(os.path.join(tmp, "nope.keras")))
with open(os.path.join(tmp, "text.keras"), "w") as f:
    f.write("not a zip archive")
attempt("not zip", lambda: keras.models.load_model(os.path.join(tmp, "text.keras")))
attempt("save txt", lambda: m.save(os.path.join(tmp, "m.txt")))
attempt("load txt", lambda: keras.models.load_model(os.path.join(tmp, "m.txt")))
attempt("save_weights", lambda: m.save_weights(os.path.join(tmp, "w.h5x")))
attempt("load_weights", lambda: m.load_weights(os.path.join(tmp, "w.bin")))
attempt("save kwargs", lambda: m.save(os.path.join(tmp, "m.keras"), foo=1))
m.save(os.path.join(tmp, "m.keras"))
attempt("load ok", lambda: keras.models.load_model(os.path.join(tmp, "m.keras")))
