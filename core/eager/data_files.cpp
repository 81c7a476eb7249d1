// `_core.tfrecord_split` / `tfrecord_encode`: the TFRecord framing for tf.data.TFRecordDataset and
// tf.io.TFRecordWriter (python/tf_data_more.py reads and writes the files through the script's
// sandbox). A record file is untrusted input: each declared length is checked against the bytes
// left before anything is copied, and the first bad record ends the records with TF's message.
#include <cstring>

#include "core/eager/internal.h"
#include "core/graph/io/tfrecord.h"
#include "core/util/crc32c.h"

namespace graphlens::eager {

using namespace lang;

namespace {

uint64_t loadLE64(const char* p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(p[i]);
    return v;
}
uint32_t loadLE32(const char* p) {
    uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(p[i]);
    return v;
}

} // namespace

void fillDataFiles(DictObj* d) {
    // tfrecord_split(bytes) -> ([records], None) or ([records before], (error class, message)):
    // the message as TF's record reader words it ("truncated record at 37' failed with ...",
    // "corrupted record at 12")
    d->setStr("tfrecord_split", newBuiltin("tfrecord_split", [](Interpreter& in, CallArgs& a) -> Value {
                  if (!a[0].isKind(ObjKind::Bytes)) raise(types().TypeError, "tfrecord_split: bytes expected");
                  const std::string& data = a[0].as<BytesObj>()->s;
                  std::vector<Value> records;
                  Value error = Value::none();
                  size_t at = 0;
                  auto fail = [&](const std::string& message) {
                      error = newTuple({ newStr("DataLossError"), newStr(message) });
                  };
                  while (at < data.size() && error.isNone()) {
                      const std::string place = std::to_string(at);
                      if (data.size() - at < io::TFRecordReader::kHeaderSize) {
                          fail("truncated record at " + place + "' failed with Read less bytes than requested");
                          break;
                      }
                      const uint64_t length = loadLE64(data.data() + at);
                      if (maskCrc(crc32c(data.data() + at, 8)) != loadLE32(data.data() + at + 8)) {
                          fail("corrupted record at " + place);
                          break;
                      }
                      const size_t left = data.size() - at - io::TFRecordReader::kHeaderSize;
                      if (length > left || left - length < io::TFRecordReader::kFooterSize) {
                          fail("truncated record at " + place + "' failed with Read less bytes than requested");
                          break;
                      }
                      const char* payload = data.data() + at + io::TFRecordReader::kHeaderSize;
                      if (maskCrc(crc32c(payload, length)) != loadLE32(payload + length)) {
                          fail("corrupted record at " + std::to_string(at + io::TFRecordReader::kHeaderSize));
                          break;
                      }
                      records.push_back(Value::adopt(new BytesObj(std::string(payload, length))));
                      at += io::TFRecordReader::kHeaderSize + length + io::TFRecordReader::kFooterSize;
                  }
                  (void)in;
                  return newTuple({ newList(std::move(records)), error });
              }));
    // tfrecord_encode(bytes) -> the record framed (length, its CRC, the data, its CRC)
    d->setStr("tfrecord_encode", newBuiltin("tfrecord_encode", [](Interpreter&, CallArgs& a) -> Value {
                  if (!a[0].isKind(ObjKind::Bytes)) raise(types().TypeError, "tfrecord_encode: bytes expected");
                  return Value::adopt(new BytesObj(io::encodeTFRecord(a[0].as<BytesObj>()->s)));
              }));
}

} // namespace graphlens::eager
