// Export of a traced concrete function: its graph as a GraphDef (.pb / .pbtxt, what
// concrete.graph.as_graph_def() holds) or as a TF1-style SavedModel with a serving_default
// signature that real TensorFlow loads (tf.saved_model.load -> .signatures["serving_default"]).
// The SavedModel's main graph calls the function: placeholders for the arguments, captured
// eager tensors as constants, captured variables as VarHandleOps initialised by the
// __saved_model_init_op with their current values.
#include "core/eager/export.h"

#include <filesystem>
#include <fstream>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/text_format.h>
#include <set>

#include "core/eager/func_graph.h"
#include "core/graph/io/tensor_bundle.h"
#include "core/proto/fingerprint.pb.h"
#include "core/proto/function.pb.h"
#include "core/proto/graph.pb.h"
#include "core/proto/meta_graph.pb.h"
#include "core/proto/saved_model.pb.h"

namespace graphlens::eager {

namespace {

tensorflow::NodeDef* addNode(tensorflow::GraphDef& gd, const std::string& name, const std::string& op) {
    auto* n = gd.add_node();
    n->set_name(name);
    n->set_op(op);
    return n;
}

void setType(tensorflow::NodeDef* n, const char* attr, DType t) {
    (*n->mutable_attr())[attr].set_type(static_cast<tensorflow::DataType>(t));
}

std::string writeBinary(const google::protobuf::Message& m, const std::string& path) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    if (!f || !m.SerializeToOstream(&f)) return "can't write '" + path + "'";
    return {};
}

} // namespace

std::string exportGraphDef(const FuncGraph& g, const std::string& path) {
    tensorflow::GraphDef gd;
    g.toGraphDef(&gd);
    if (path.size() > 6 && path.substr(path.size() - 6) == ".pbtxt") {
        std::string text;
        google::protobuf::TextFormat::PrintToString(gd, &text);
        std::ofstream f(path, std::ios::binary | std::ios::trunc);
        f << text;
        return f ? std::string() : "can't write '" + path + "'";
    }
    return writeBinary(gd, path);
}

namespace {

void setVariableNodeAttrs(tensorflow::NodeDef* h, const std::string& sharedName, const Tensor& value) {
    setType(h, "dtype", value.dtype());
    shapeToProto(PartialShape(value.shape()), (*h->mutable_attr())["shape"].mutable_shape());
    (*h->mutable_attr())["shared_name"].set_s(sharedName);
    (*h->mutable_attr())["container"].set_s("");
    (*h->mutable_attr())["allowed_devices"].mutable_list();
}

// A 64-bit FNV-1a hash, for the fingerprint's fields (TF uses FarmHash; nothing checks them).
uint64_t fingerprint64(const std::string& bytes) {
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

} // namespace

std::string buildSavedModel(const std::vector<SavedModelFunction>& functions,
                            const std::vector<SavedModelVariable>& variables, SavedModelFiles& out,
                            const SavedModelObjects* objects) {
    tensorflow::SavedModel sm;
    sm.set_saved_model_schema_version(1);
    auto* mg = sm.add_meta_graphs();
    mg->mutable_meta_info_def()->add_tags("serve");
    mg->mutable_meta_info_def()->set_tensorflow_version("2.21.0");
    mg->mutable_meta_info_def()->set_tensorflow_git_version("v2.21.0-rc1-5-ga481b10260d");
    mg->mutable_meta_info_def()->set_meta_graph_version("v2.21.0");
    tensorflow::GraphDef& gd = *mg->mutable_graph_def();
    gd.mutable_versions()->set_producer(2129);
    gd.mutable_versions()->set_min_consumer(12);

    // The variables every signature shares: a VarHandleOp each, set from its value by the init op.
    std::vector<std::string> initDeps;
    std::vector<std::string> variableNodes;
    std::vector<io::BundleTensor> checkpoint;
    for (size_t v = 0; v < variables.size(); ++v) {
        const Tensor& value = variables[v].value;
        const std::string vname = variables[v].name;
        auto* h = addNode(gd, vname, "VarHandleOp");
        setVariableNodeAttrs(h, vname, value);
        auto* iv = addNode(gd, vname + "/initial_value", "Const");
        setType(iv, "dtype", value.dtype());
        tensorToProto(value, (*iv->mutable_attr())["value"].mutable_tensor());
        auto* a = addNode(gd, vname + "/Assign", "AssignVariableOp");
        a->add_input(vname);
        a->add_input(vname + "/initial_value");
        setType(a, "dtype", value.dtype());
        (*a->mutable_attr())["validate_shape"].set_b(false);
        initDeps.push_back("^" + a->name());
        variableNodes.push_back(vname);
        if (dtypeSize(value.dtype()) == 0 || value.dtype() == DType::String)
            return "variable '" + vname + "' has a dtype a checkpoint cannot hold here";
        io::BundleTensor bt;
        bt.name = vname;
        bt.dtype = static_cast<tensorflow::DataType>(value.dtype());
        for (int64_t d : value.shape().dims()) bt.shape.push_back(d);
        bt.bytes.assign(static_cast<const char*>(value.rawData()), value.totalBytes());
        checkpoint.push_back(std::move(bt));
    }
    auto* init = addNode(gd, "saver_init_op", "NoOp");
    for (const auto& d : initDeps) init->add_input(d);
    auto& initSig = (*mg->mutable_signature_def())["__saved_model_init_op"];
    (*initSig.mutable_outputs())["__saved_model_init_op"].set_name("saver_init_op");

    std::set<std::string> inLibrary;
    int identities = 0; // the signatures' output nodes: Identity, Identity_1, ... across all of them
    for (size_t f = 0; f < functions.size(); ++f) {
        const SavedModelFunction& fn = functions[f];
        const FuncGraph& g = *fn.graph;
        if (inLibrary.insert(g.name()).second) {
            tensorflow::FunctionDefLibrary lib;
            g.collectLibrary(&lib);
            for (const auto& fd : lib.function())
                if (inLibrary.insert(fd.signature().name()).second) *gd.mutable_library()->add_function() = fd;
            g.toFunctionDef(gd.mutable_library()->add_function());
        }
        auto& sig = (*mg->mutable_signature_def())[fn.key];
        sig.set_method_name("tensorflow/serving/predict");
        std::vector<std::string> callInputs;
        std::vector<DType> tin;
        for (size_t i = 0; i < g.args.size(); ++i) {
            const GraphNode& ph = g.node(g.args[i]);
            const std::string name = i < fn.inputNames.size() ? fn.inputNames[i] : ph.name;
            auto* n = addNode(gd, fn.key + "_" + name, "Placeholder");
            setType(n, "dtype", ph.outTypes[0]);
            shapeToProto(ph.outShapes[0], (*n->mutable_attr())["shape"].mutable_shape());
            auto& info = (*sig.mutable_inputs())[name];
            info.set_name(n->name() + ":0");
            info.set_dtype(static_cast<tensorflow::DataType>(ph.outTypes[0]));
            shapeToProto(ph.outShapes[0], info.mutable_tensor_shape());
            callInputs.push_back(n->name());
            tin.push_back(ph.outTypes[0]);
        }
        for (size_t i = 0; i < g.captures.size(); ++i) {
            const auto& c = g.captures[i];
            const DType dt = g.dtype(c.placeholder);
            tin.push_back(dt);
            const int var = i < fn.captureVariables.size() ? fn.captureVariables[i] : -1;
            if (dt == DType::Resource) {
                if (var < 0 || size_t(var) >= variableNodes.size())
                    return "no value for captured variable " + g.node(c.placeholder.node).name;
                callInputs.push_back(variableNodes[size_t(var)]);
            } else {
                auto* k = addNode(gd, fn.key + "_captured_tensor_" + std::to_string(i), "Const");
                setType(k, "dtype", dt);
                tensorToProto(c.value, (*k->mutable_attr())["value"].mutable_tensor());
                callInputs.push_back(k->name());
            }
        }
        const std::string suffix = f == 0 ? "" : "_" + std::to_string(f);
        const bool stateful = g.isStateful();
        auto* call = addNode(gd, (stateful ? "StatefulPartitionedCall" : "PartitionedCall") + suffix,
                             stateful ? "StatefulPartitionedCall" : "PartitionedCall");
        for (const auto& in : callInputs) call->add_input(in);
        auto* l = (*call->mutable_attr())["Tin"].mutable_list();
        for (DType t : tin) l->add_type(static_cast<tensorflow::DataType>(t));
        auto* o = (*call->mutable_attr())["Tout"].mutable_list();
        for (const auto& e : g.outputs) o->add_type(static_cast<tensorflow::DataType>(g.dtype(e)));
        (*call->mutable_attr())["f"].mutable_func()->set_name(g.name());
        (*call->mutable_attr())["config"].set_s("");
        (*call->mutable_attr())["config_proto"].set_s("");
        (*call->mutable_attr())["executor_type"].set_s("");
        for (size_t i = 0; i < g.outputs.size(); ++i) {
            const std::string name = identities == 0 ? "Identity" : "Identity_" + std::to_string(identities);
            ++identities;
            auto* id = addNode(gd, name, "Identity");
            id->add_input(i == 0 ? call->name() : call->name() + ":" + std::to_string(i));
            setType(id, "T", g.dtype(g.outputs[i]));
            const std::string key = i < fn.outputNames.size() ? fn.outputNames[i] : "output_" + std::to_string(i);
            auto& info = (*sig.mutable_outputs())[key];
            info.set_name(name + ":0");
            info.set_dtype(static_cast<tensorflow::DataType>(g.dtype(g.outputs[i])));
            shapeToProto(g.shape(g.outputs[i]), info.mutable_tensor_shape());
        }
    }

    if (objects) {
        if (!mg->mutable_object_graph_def()->ParseFromString(objects->objectGraph))
            return "the object graph does not parse";
        for (const FuncGraph* g : objects->functions) {
            if (!inLibrary.insert(g->name()).second) continue;
            tensorflow::FunctionDefLibrary lib;
            g->collectLibrary(&lib);
            for (const auto& fd : lib.function())
                if (inLibrary.insert(fd.signature().name()).second) *gd.mutable_library()->add_function() = fd;
            g->toFunctionDef(gd.mutable_library()->add_function());
        }
        for (const auto& [name, value] : objects->constants) {
            auto* k = addNode(gd, name, "Const");
            setType(k, "dtype", value.dtype());
            tensorToProto(value, (*k->mutable_attr())["value"].mutable_tensor());
        }
        for (const auto& [op, fn] : objects->gradients) {
            auto* r = gd.mutable_library()->add_registered_gradients();
            r->set_registered_op_type(op);
            r->set_gradient_func(fn);
        }
    }

    // Serialised with map entries in key order, so the same model gives the same bytes.
    auto serialize = [](const google::protobuf::Message& m) {
        std::string bytes;
        google::protobuf::io::StringOutputStream stream(&bytes);
        google::protobuf::io::CodedOutputStream coded(&stream);
        coded.SetSerializationDeterministic(true);
        m.SerializeToCodedStream(&coded);
        coded.Trim();
        return bytes;
    };
    out.savedModel = serialize(sm);
    io::BundleFiles bundle = io::writeTensorBundle(std::move(checkpoint));
    out.variablesIndex = std::move(bundle.index);
    out.variablesData = std::move(bundle.data);
    tensorflow::FingerprintDef fp;
    fp.set_saved_model_checksum(fingerprint64(out.savedModel));
    fp.set_graph_def_program_hash(fingerprint64(serialize(gd)));
    fp.set_signature_def_hash(fingerprint64(serialize(*mg) + "signatures"));
    fp.set_saved_object_graph_hash(0);
    fp.set_checkpoint_hash(fingerprint64(out.variablesIndex));
    fp.mutable_version()->set_producer(1);
    out.fingerprint = serialize(fp);
    return {};
}

std::string exportSavedModel(const FuncGraph& g, const std::vector<std::string>& argNames,
                             const std::vector<Tensor>& variableValues, const std::string& dir) {
    SavedModelFunction fn;
    fn.key = "serving_default";
    fn.graph = &g;
    fn.inputNames = argNames;
    std::vector<SavedModelVariable> variables;
    for (const auto& c : g.captures) {
        if (g.dtype(c.placeholder) != DType::Resource) {
            fn.captureVariables.push_back(-1);
            continue;
        }
        if (variables.size() >= variableValues.size())
            return "no value for captured variable " + g.node(c.placeholder.node).name;
        fn.captureVariables.push_back(int(variables.size()));
        variables.push_back(
            { "captured_variable_" + std::to_string(variables.size()), variableValues[variables.size()] });
    }
    SavedModelFiles files;
    if (std::string err = buildSavedModel({ fn }, variables, files); !err.empty()) return err;
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(fs::path(dir) / "variables", ec);
    if (!ec) fs::create_directories(fs::path(dir) / "assets", ec);
    if (ec) return "can't create '" + dir + "': " + ec.message();
    for (const auto& [name, bytes] :
         { std::pair<const char*, const std::string*>{ "saved_model.pb", &files.savedModel },
           { "fingerprint.pb", &files.fingerprint },
           { "variables/variables.index", &files.variablesIndex },
           { "variables/variables.data-00000-of-00001", &files.variablesData } }) {
        const std::string path = (fs::path(dir) / name).string();
        std::ofstream f(path, std::ios::binary | std::ios::trunc);
        f.write(bytes->data(), std::streamsize(bytes->size()));
        if (!f) return "can't write '" + path + "'";
    }
    return {};
}

} // namespace graphlens::eager
