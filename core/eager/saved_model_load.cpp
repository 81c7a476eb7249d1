// `_core.saved_model_load` / `saved_model_call`: the native half of tf.saved_model.load
// (python/tf_function.py). A SavedModel — one tf.saved_model.save wrote here or one real TF
// wrote — is read with the model loader, its variables restored from its checkpoint (and its
// __saved_model_init_op run), and each signature runs its tensors in the main graph on the
// executor, as TF's loader runs a TF1 SavedModel's signatures. The Python half checks the paths
// against the script's sandbox before anything is read.
#include <map>
#include <memory>

#include "core/eager/internal.h"
#include "core/exec/executor.h"
#include "core/graph/io/model_loader.h"
#include "core/util/error.h"

namespace graphlens::eager {

using namespace lang;

namespace {

struct LoadedModel {
    std::shared_ptr<const graph::Model> model;
    const graph::MetaGraph* metaGraph = nullptr;
    std::map<std::string, std::shared_ptr<const exec::Executable>> compiled; // per signature key
};

ClassObj* loadedClass() {
    static ClassObj* c = [] {
        ClassObj* k = newBuiltinClass("_saved_model");
        makeImmortal(k);
        return k;
    }();
    return c;
}

LoadedModel& loadedOf(const Value& v) {
    if (!v.isKind(ObjKind::Native) || v.as<NativeObj>()->cls != loadedClass())
        raise(types().TypeError, "_core: expected a loaded SavedModel");
    return *static_cast<LoadedModel*>(v.as<NativeObj>()->payload.get());
}

Value shapeValue(const graph::TensorSpec& s) {
    if (!s.shapeKnown || s.shape.unknown_rank()) return Value::none();
    std::vector<Value> dims;
    for (const auto& d : s.shape.dim()) dims.push_back(d.size() < 0 ? Value::none() : Value::integer(d.size()));
    return newList(std::move(dims));
}

Value specList(const std::vector<graph::TensorSpec>& specs) {
    std::vector<Value> out;
    for (const auto& s : specs)
        out.push_back(newTuple(
            { newStr(s.key), newStr(std::string(tensor::dtypeName(static_cast<DType>(s.dtype)))), shapeValue(s) }));
    return newList(std::move(out));
}

} // namespace

void fillSavedModelLoad(DictObj* d) {
    auto def = [&](const char* n, NativeFn f) { d->setStr(n, newBuiltin(n, std::move(f))); };

    // saved_model_load(dir, tags) -> (model, [(key, [(input, dtype, shape)], [(output, dtype, shape)])])
    def("saved_model_load", [](Interpreter& in, CallArgs& a) -> Value {
        const std::string dir = in.str(a[0]);
        std::vector<std::string> tags;
        if (a.n > 1 && !a[1].isNone())
            for (const Value& t : in.toVector(a[1])) tags.push_back(in.str(t));
        auto loaded = std::make_shared<LoadedModel>();
        try {
            loaded->model = io::loadModel(dir);
        } catch (const FormatError& e) {
            raise(types().EnvironmentError,
                  std::string("SavedModel file does not exist at: ") + dir + " (" + e.what() + ")");
        } catch (const std::exception& e) {
            raise(types().EnvironmentError,
                  std::string("SavedModel file does not exist at: ") + dir + " (" + e.what() + ")");
        }
        if (loaded->model->format != graph::ModelFormat::SavedModel || loaded->model->metaGraphs.empty())
            raise(types().EnvironmentError, "SavedModel file does not exist at: " + dir);
        for (const auto& mg : loaded->model->metaGraphs) {
            bool all = true;
            for (const auto& t : tags) all = all && std::find(mg.tags.begin(), mg.tags.end(), t) != mg.tags.end();
            if (all) {
                loaded->metaGraph = &mg;
                break;
            }
        }
        if (!loaded->metaGraph) {
            std::string want;
            for (const auto& t : tags) want += (want.empty() ? "" : ", ") + t;
            raise(types().RuntimeError,
                  "MetaGraphDef associated with tags {" + want +
                      "} could not be found in SavedModel, with available tags '" +
                      loaded->model->metaGraphs[0].tags.front() + "'");
        }
        const graph::MetaGraph& mg = *loaded->metaGraph;
        // Each load gets its variables in a container of its own: two models with the same
        // variable names (two Keras models' "dense/kernel") must not share one value. The model
        // was read for this load alone, so its graph may still be edited before anything runs.
        static int64_t loads = 0;
        const std::string container = "graphlens_saved_model_" + std::to_string(++loads);
        for (auto& node : const_cast<graph::MetaGraph&>(mg).graph.nodes())
            if (node.op() == "VarHandleOp" && (*node.def().mutable_attr())["container"].s().empty())
                (*node.def().mutable_attr())["container"].set_s(container);
        try {
            exec::restoreVariables(*loaded->model, mg);
            if (const auto* init = mg.signature("__saved_model_init_op"); init && !init->outputs.empty()) {
                std::string target = init->outputs[0].tensorName;
                if (auto colon = target.find(':'); colon != std::string::npos) target.resize(colon);
                std::vector<std::string> none, targets{ target };
                exec::Executable::compileGraph(mg.graph, &mg.library, none, none, targets)->run({});
            }
        } catch (const tensor::OpError& e) {
            raiseOpError(in, e, std::nullopt);
        }
        std::vector<Value> sigs;
        for (const auto& s : mg.signatures) {
            if (s.key == "__saved_model_init_op" || s.key == "__saved_model_train_op") continue;
            sigs.push_back(newTuple({ newStr(s.key), specList(s.inputs), specList(s.outputs) }));
        }
        Value handle = Value::adopt(new NativeObj(loadedClass(), loaded));
        return newTuple({ handle, newList(std::move(sigs)) });
    });

    // saved_model_call(model, key, [inputs in the signature's order]) -> [outputs in its order]
    def("saved_model_call", [](Interpreter& in, CallArgs& a) -> Value {
        LoadedModel& m = loadedOf(a[0]);
        const std::string key = in.str(a[1]);
        const graph::MetaGraph& mg = *m.metaGraph;
        const graph::Signature* sig = mg.signature(key);
        if (!sig) raise(types().KeyError, key);
        std::vector<Value> given = in.toVector(a[2]);
        if (given.size() != sig->inputs.size())
            raise(types().TypeError,
                  "signature " + key + " takes " + std::to_string(sig->inputs.size()) + " inputs, got " +
                      std::to_string(given.size()));
        std::vector<Tensor> args;
        for (size_t i = 0; i < given.size(); ++i)
            args.push_back(toTensor(in, given[i], static_cast<DType>(sig->inputs[i].dtype)));
        auto& exe = m.compiled[key];
        if (!exe) {
            std::vector<std::string> feeds, fetches;
            for (const auto& s : sig->inputs) feeds.push_back(s.tensorName);
            for (const auto& s : sig->outputs) fetches.push_back(s.tensorName);
            try {
                exe = exec::Executable::compileGraph(mg.graph, &mg.library, feeds, fetches);
            } catch (const tensor::OpError& e) {
                raiseOpError(in, e, std::nullopt);
            }
        }
        std::vector<Tensor> outputs = runGraphForScript(in, *exe, args);
        std::vector<Value> out;
        for (auto& t : outputs) out.push_back(wrapTensor(std::move(t)));
        return newList(std::move(out));
    });
}

} // namespace graphlens::eager
