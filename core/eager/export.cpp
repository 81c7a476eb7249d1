// Export of a traced concrete function: its graph as a GraphDef (.pb / .pbtxt, what
// concrete.graph.as_graph_def() holds) or as a TF1-style SavedModel with a serving_default
// signature that real TensorFlow loads (tf.saved_model.load -> .signatures["serving_default"]).
// The SavedModel's main graph calls the function: placeholders for the arguments, captured
// eager tensors as constants, captured variables as VarHandleOps initialised by the
// __saved_model_init_op with their current values.
#include "core/eager/export.h"

#include <filesystem>
#include <fstream>
#include <google/protobuf/text_format.h>

#include "core/eager/func_graph.h"
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

std::string exportSavedModel(const FuncGraph& g, const std::vector<std::string>& argNames,
                             const std::vector<Tensor>& variableValues, const std::string& dir) {
    tensorflow::SavedModel sm;
    sm.set_saved_model_schema_version(1);
    auto* mg = sm.add_meta_graphs();
    mg->mutable_meta_info_def()->add_tags("serve");
    mg->mutable_meta_info_def()->set_tensorflow_version("2.21.0");
    mg->mutable_meta_info_def()->set_meta_graph_version("v2.21.0");
    tensorflow::GraphDef& gd = *mg->mutable_graph_def();
    gd.mutable_versions()->set_producer(2129);
    gd.mutable_versions()->set_min_consumer(12);
    g.collectLibrary(gd.mutable_library());
    g.toFunctionDef(gd.mutable_library()->add_function());

    auto& sig = (*mg->mutable_signature_def())["serving_default"];
    sig.set_method_name("tensorflow/serving/predict");
    std::vector<std::string> callInputs;
    std::vector<DType> tin;
    for (size_t i = 0; i < g.args.size(); ++i) {
        const GraphNode& ph = g.node(g.args[i]);
        const std::string name = i < argNames.size() ? argNames[i] : ph.name;
        auto* n = addNode(gd, "serving_default_" + name, "Placeholder");
        setType(n, "dtype", ph.outTypes[0]);
        shapeToProto(ph.outShapes[0], (*n->mutable_attr())["shape"].mutable_shape());
        auto& info = (*sig.mutable_inputs())[name];
        info.set_name(n->name() + ":0");
        info.set_dtype(static_cast<tensorflow::DataType>(ph.outTypes[0]));
        shapeToProto(ph.outShapes[0], info.mutable_tensor_shape());
        callInputs.push_back(n->name());
        tin.push_back(ph.outTypes[0]);
    }
    std::vector<std::string> initDeps;
    size_t var = 0;
    for (size_t i = 0; i < g.captures.size(); ++i) {
        const auto& c = g.captures[i];
        const DType dt = g.dtype(c.placeholder);
        tin.push_back(dt);
        if (dt == DType::Resource) {
            if (var >= variableValues.size())
                return "no value for captured variable " + g.node(c.placeholder.node).name;
            const Tensor& value = variableValues[var];
            const std::string vname = "captured_variable_" + std::to_string(var++);
            auto* h = addNode(gd, vname, "VarHandleOp");
            setType(h, "dtype", value.dtype());
            shapeToProto(PartialShape(value.shape()), (*h->mutable_attr())["shape"].mutable_shape());
            (*h->mutable_attr())["shared_name"].set_s(vname);
            (*h->mutable_attr())["container"].set_s("");
            (*h->mutable_attr())["allowed_devices"].mutable_list();
            auto* v = addNode(gd, vname + "/initial_value", "Const");
            setType(v, "dtype", value.dtype());
            tensorToProto(value, (*v->mutable_attr())["value"].mutable_tensor());
            auto* a = addNode(gd, vname + "/Assign", "AssignVariableOp");
            a->add_input(vname);
            a->add_input(vname + "/initial_value");
            setType(a, "dtype", value.dtype());
            (*a->mutable_attr())["validate_shape"].set_b(false);
            initDeps.push_back("^" + a->name());
            callInputs.push_back(vname);
        } else {
            auto* k = addNode(gd, "captured_tensor_" + std::to_string(i), "Const");
            setType(k, "dtype", dt);
            tensorToProto(c.value, (*k->mutable_attr())["value"].mutable_tensor());
            callInputs.push_back(k->name());
        }
    }
    auto* init = addNode(gd, "saver_init_op", "NoOp");
    for (const auto& d : initDeps) init->add_input(d);
    auto& initSig = (*mg->mutable_signature_def())["__saved_model_init_op"];
    (*initSig.mutable_outputs())["__saved_model_init_op"].set_name("saver_init_op");

    const bool stateful = g.isStateful();
    auto* call = addNode(gd, "StatefulPartitionedCall", stateful ? "StatefulPartitionedCall" : "PartitionedCall");
    for (const auto& in : callInputs) call->add_input(in);
    {
        auto* l = (*call->mutable_attr())["Tin"].mutable_list();
        for (DType t : tin) l->add_type(static_cast<tensorflow::DataType>(t));
        auto* o = (*call->mutable_attr())["Tout"].mutable_list();
        for (const auto& e : g.outputs) o->add_type(static_cast<tensorflow::DataType>(g.dtype(e)));
        (*call->mutable_attr())["f"].mutable_func()->set_name(g.name());
        (*call->mutable_attr())["config"].set_s("");
        (*call->mutable_attr())["config_proto"].set_s("");
        (*call->mutable_attr())["executor_type"].set_s("");
    }
    for (size_t i = 0; i < g.outputs.size(); ++i) {
        const std::string name = i == 0 ? "Identity" : "Identity_" + std::to_string(i);
        auto* id = addNode(gd, name, "Identity");
        id->add_input(i == 0 ? call->name() : call->name() + ":" + std::to_string(i));
        setType(id, "T", g.dtype(g.outputs[i]));
        auto& info = (*sig.mutable_outputs())["output_" + std::to_string(i)];
        info.set_name(name + ":0");
        info.set_dtype(static_cast<tensorflow::DataType>(g.dtype(g.outputs[i])));
        shapeToProto(g.shape(g.outputs[i]), info.mutable_tensor_shape());
    }
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return "can't create '" + dir + "': " + ec.message();
    return writeBinary(sm, (std::filesystem::path(dir) / "saved_model.pb").string());
}

} // namespace graphlens::eager
