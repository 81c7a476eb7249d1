# tf.strings and tf.io.decode_raw: split (whitespace, separators, maxsplit, ranks 0-2), bytes_split,
# to_number, Unicode decode/split/encode with their error modes, length, case, strip, join,
# reduce_join, substr, as_string, format; inside a tf.function too; TF's errors.
import tensorflow as tf


def err(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", str(e).replace("{{function_node __wrapped__", "").splitlines()[0][:160])


t = tf.constant(["Gray wolf", "Quick brown fox", "Lazy dog"])
print(tf.strings.split(t)); print(tf.strings.split(t, sep=" ", maxsplit=1))
print(tf.strings.split(tf.constant("a,b,,c"), sep=","))
print(tf.strings.split(tf.constant("  a  b ")))
print(tf.strings.split(tf.constant(["  a  b  c  ", "x"]), maxsplit=1))
print(tf.strings.split(tf.constant(["a,,b,", ""]), sep=","))
print(tf.strings.split(tf.constant([["a b", "c"], ["d e f", ""]])))
print(tf.strings.split(t).to_tensor()); print(tf.strings.split(t).to_tensor(default_value='?'))
print(tf.strings.to_number(tf.constant(["1.5", "2"])), tf.strings.to_number(tf.constant(["7"]), out_type=tf.int32))
for s in [" 12 ", "1e3", "inf", "-NaN", "0x10", "1.5", "+7", "", "3.4e39", "99999999999"]:
    err(lambda: tf.strings.to_number(tf.constant([s])))
    err(lambda: tf.strings.to_number(tf.constant([s]), out_type=tf.int32))
print(tf.strings.to_number(tf.constant([" 12 "]), out_type=tf.int64), tf.strings.to_number(["1.9"], tf.float64))
print(tf.strings.to_number(tf.strings.split(tf.constant(["1 2", "3"]))))
print(tf.strings.to_number(tf.strings.split(tf.constant("1 10 100"), " ")))
print(tf.strings.bytes_split(tf.constant(["ab", "c"]))); print(tf.strings.bytes_split(tf.constant("Duck")))
print(tf.strings.bytes_split(tf.constant(""))); print(tf.strings.bytes_split(tf.constant([["ab"], ["c"]])))
print(tf.strings.unicode_split(tf.constant(["héllo", "añ"]), "UTF-8"))
print(tf.strings.unicode_split(tf.constant("アヒル 🦆"), "UTF-8"))
print(tf.strings.unicode_split(tf.constant([["ab"], ["é"]]), "UTF-8"))
print(tf.strings.unicode_decode(tf.constant(["héllo", "añ"]), "UTF-8"))
print(tf.strings.unicode_decode(tf.constant([["ab"], ["é"]]), "UTF-8"))
print(tf.strings.unicode_decode(tf.constant([b"a\xffb", b"\xe3\x82"]), "UTF-8"))
print(tf.strings.unicode_decode(tf.constant([b"a\xffb"]), "UTF-8", errors="ignore"))
print(tf.strings.unicode_decode(tf.constant([b"a\xffb"]), "UTF-8", replacement_char=63))
print(tf.strings.unicode_decode(tf.constant([b"a\x01b"]), "UTF-8", replace_control_characters=True))
print(tf.strings.unicode_decode(tf.constant(b"\x00h\x00\xe9"), "UTF-16-BE"))
err(lambda: tf.strings.unicode_decode(tf.constant([b"a\xffb"]), "UTF-8", errors="strict"))
print(tf.strings.unicode_decode_with_offsets(tf.constant("hé!"), "UTF-8"))
print(tf.strings.unicode_decode_with_offsets(tf.constant(["hé!", ""]), "UTF-8"))
print(tf.strings.unicode_encode([104, 233], "UTF-8"))
print(tf.strings.unicode_encode(tf.ragged.constant([[104, 105], [233]]), "UTF-8"))
print(tf.strings.unicode_encode(tf.constant([[104, 105], [233, 33]]), "UTF-16-BE"))
print(tf.strings.unicode_encode([104, 0x110000, -1], "UTF-8"))
err(lambda: tf.strings.unicode_encode([104, 0x110000], "UTF-8", errors="strict"))
print(tf.strings.length(t), tf.strings.length(tf.constant("héllo"), unit="UTF8_CHAR"))
print(tf.strings.length(tf.constant([b"h\xc3\xa9", b"\xff"]), unit="UTF8_CHAR"))
print(tf.strings.upper(t), tf.strings.lower(t))
print(tf.strings.upper(tf.constant(["héllo ß"]))); print(tf.strings.upper(tf.constant(["héllo ß"]), encoding="utf-8"))
print(tf.strings.lower(tf.constant(["HÉLLO ΑΒΓ"]), encoding="utf-8"))
print(tf.strings.strip(tf.constant(["  a ", "b\n", "\t a b \r\n", " "])))
print(tf.strings.join([t, t], separator="-")); print(tf.strings.join(["a", "b"]))
print(tf.strings.join([tf.constant(["a", "b"]), "x", tf.constant(["c", "d"])], separator="|"))
err(lambda: tf.strings.join([tf.constant(["a", "b"]), tf.constant(["c", "d", "e"])]))
print(tf.strings.reduce_join(t, separator=", "))
m = tf.constant([["a", "b"], ["c", "d"]])
print(tf.strings.reduce_join(m, axis=1, separator=".")); print(tf.strings.reduce_join(m, axis=0, keepdims=True))
print(tf.strings.reduce_join(m)); print(tf.strings.reduce_join(m, axis=-1))
err(lambda: tf.strings.reduce_join(m, axis=2))
h = tf.constant(["hello", "ab"])
print(tf.strings.substr(t, 0, 4)); print(tf.strings.substr(h, 1, 3)); print(tf.strings.substr(h, -2, 2))
print(tf.strings.substr(h, [0, 1], [2, 1])); print(tf.strings.substr(tf.constant(["héllo"]), 1, 2, unit="UTF8_CHAR"))
err(lambda: tf.strings.substr(h, 3, 1))
err(lambda: tf.strings.substr(tf.constant("it's"), 6, 1))
print(tf.strings.as_string(tf.constant([1.5, 2.0])), tf.strings.as_string(tf.constant([3, 4])))
print(tf.strings.as_string(tf.constant([1.5, -2.25e-7, 1e20]), precision=2))
print(tf.strings.as_string(tf.constant([1.5, -2.25e-7, 1e20]), scientific=True))
print(tf.strings.as_string(tf.constant([1.5, -2.25e-7, 1e20]), shortest=True))
print(tf.strings.as_string(tf.constant([3, -4]), width=5, fill="0"), tf.strings.as_string(tf.constant([3, -4]), width=4))
print(tf.strings.as_string(tf.constant([True, False])), tf.strings.as_string(tf.constant([1.5], tf.float64)))
print(tf.strings.as_string(tf.constant([float('nan'), float('inf')])), tf.strings.as_string(tf.constant(["a"])))
print(tf.strings.format("x={} y={}", (tf.constant(1), tf.constant([1.5, 2]))))
print(tf.io.decode_raw(tf.constant("Duck"), tf.uint8)); print(tf.io.decode_raw(tf.constant(["abcd", "efgh"]), tf.int16))
print(tf.io.decode_raw(tf.constant(["abcd"]), tf.int16, little_endian=False))
print(tf.io.decode_raw(tf.constant(b"\x00\x00\x80?"), tf.float32))
err(lambda: tf.io.decode_raw(tf.constant(["abc", "de"]), tf.uint8))
err(lambda: tf.io.decode_raw(tf.constant(["abc"]), tf.int16))
err(lambda: tf.io.decode_raw(tf.constant(["ab"]), tf.string))
err(lambda: tf.strings.split(tf.constant([1.0])))
r = tf.ragged.constant([["1", "2"], ["3"]])
print(tf.strings.to_number(r), tf.strings.length(r), tf.strings.upper(tf.ragged.constant([["a"], []])))


@tf.function
def parse(line):
    words = tf.strings.split(line)
    nums = tf.strings.to_number(words, out_type=tf.int32)
    return tf.reduce_sum(nums), tf.strings.join([tf.strings.upper(line), "!"]), tf.strings.length(line)


print(parse(tf.constant("1 20 300")))
print(parse(tf.constant(" 4  5 ")))


@tf.function
def per_row(lines):
    parts = tf.strings.split(lines, sep=",")
    return parts.values, parts.row_splits, tf.strings.reduce_join(lines, separator="|")


print(per_row(tf.constant(["a,b", "c", ""])))
