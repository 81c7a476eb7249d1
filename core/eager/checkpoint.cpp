// `_core.checkpoint_build` / `checkpoint_read`: the native half of tf.train.Checkpoint
// (python/tf_checkpoint.py). A checkpoint is TF's: a tensor bundle whose keys are the objects'
// paths ("net/w/.ATTRIBUTES/VARIABLE_VALUE") plus the TrackableObjectGraph under
// _CHECKPOINTABLE_OBJECT_GRAPH, so TF restores what GraphLens wrote and the other way round.
// The Python half walks the objects, writes the bytes and checks every path against the sandbox.
#include <optional>

#include "core/eager/internal.h"
#include "core/graph/io/tensor_bundle.h"
#include "core/ops/proto_values.h"
#include "core/proto/trackable_object_graph.pb.h"
#include "core/util/error.h"

namespace graphlens::eager {

using namespace lang;

namespace {

Tensor valueOf(Interpreter& in, const Value& v) {
    if (isVariable(v)) return varData(v).value();
    if (isTensor(v)) return tensorData(v).t;
    raise(types().TypeError, "checkpoint_build: expected a tf.Variable or tensor, got " + in.typeOf(v)->name);
}

io::BundleTensor bundleTensor(const std::string& key, const Tensor& t) {
    io::BundleTensor b;
    b.name = key;
    b.dtype = static_cast<tensorflow::DataType>(t.dtype());
    b.shape = t.shape().dims();
    if (t.dtype() == DType::String) {
        for (const auto& s : t.flat<std::string>()) b.strings.push_back(s);
    } else {
        if (tensor::isObjectDType(t.dtype()))
            raise(types().ValueError,
                  "checkpoint: cannot save a " + std::string(tensor::dtypeName(t.dtype())) + " tensor under " + key);
        b.bytes.assign(static_cast<const char*>(t.rawData()), t.totalBytes());
    }
    return b;
}

} // namespace

void fillCheckpoint(DictObj* d) {
    auto def = [&](const char* n, NativeFn f) { d->setStr(n, newBuiltin(n, std::move(f))); };

    // checkpoint_build([(key, variable or tensor)], [([(local_name, node_id)], [(name, full_name, key)])])
    //   -> (index bytes, data bytes)
    def("checkpoint_build", [](Interpreter& in, CallArgs& a) -> Value {
        std::vector<io::BundleTensor> tensors;
        for (const Value& e : in.toVector(a[0])) {
            std::vector<Value> kv = in.toVector(e);
            if (kv.size() != 2) raise(types().TypeError, "checkpoint_build: bad tensor entry");
            tensors.push_back(bundleTensor(in.str(kv[0]), valueOf(in, kv[1])));
        }
        tensorflow::TrackableObjectGraph graph;
        for (const Value& n : in.toVector(a[1])) {
            std::vector<Value> parts = in.toVector(n);
            if (parts.size() != 2) raise(types().TypeError, "checkpoint_build: bad object entry");
            auto* node = graph.add_nodes();
            for (const Value& c : in.toVector(parts[0])) {
                std::vector<Value> ref = in.toVector(c);
                auto* r = node->add_children();
                r->set_local_name(in.str(ref.at(0)));
                r->set_node_id(int32_t(in.toIndex(ref.at(1))));
            }
            for (const Value& t : in.toVector(parts[1])) {
                std::vector<Value> attr = in.toVector(t);
                auto* s = node->add_attributes();
                s->set_name(in.str(attr.at(0)));
                s->set_full_name(in.str(attr.at(1)));
                s->set_checkpoint_key(in.str(attr.at(2)));
            }
        }
        io::BundleTensor objectGraph;
        objectGraph.name = io::TensorBundle::kObjectGraphKey;
        objectGraph.dtype = tensorflow::DT_STRING;
        objectGraph.strings.push_back(graph.SerializeAsString());
        tensors.push_back(std::move(objectGraph));
        io::BundleFiles files = io::writeTensorBundle(std::move(tensors));
        return newTuple(
            { Value::adopt(new BytesObj(std::move(files.index))), Value::adopt(new BytesObj(std::move(files.data))) });
    });

    // checkpoint_read(prefix, key=None) -> [(key, tensor)], every entry but the object graph in key
    // order, or only `key`'s (none when it is absent): one value is read without the others
    def("checkpoint_read", [](Interpreter& in, CallArgs& a) -> Value {
        const std::string prefix = in.str(a[0]);
        const std::optional<std::string> only = a.n > 1 && !a[1].isNone() ? std::optional(in.str(a[1])) : std::nullopt;
        std::vector<Value> out;
        try {
            io::TensorBundle bundle(prefix);
            for (const auto& e : bundle.entries()) {
                if (e.name == io::TensorBundle::kObjectGraphKey || (only && e.name != *only)) continue;
                const io::TensorValue v = bundle.read(e.name);
                out.push_back(newTuple({ newStr(e.name), wrapTensor(ops::tensorFromValue(v, bundle.indexPath())) }));
            }
        } catch (const FormatError& e) {
            raise(types().ValueError, e.what());
        } catch (const tensor::OpError& e) {
            raiseOpError(in, e, std::nullopt);
        }
        return newList(std::move(out));
    });
}

} // namespace graphlens::eager
