// `_core.saved_model_object_graph`: the TF2 object graph tf.saved_model.save writes for a
// tf.Module (python/tf_saved_model.py walks the objects; this file encodes what it found as TF's
// SavedObjectGraph, with the StructuredValue signatures TF's loader binds calls with). The
// library functions, the main graph and the checkpoint are written by buildSavedModel
// (export.cpp) and checkpoint_build (checkpoint.cpp).
#include "core/eager/internal.h"
#include "core/proto/saved_object_graph.pb.h"
#include "core/proto/struct.pb.h"

namespace graphlens::eager {

using namespace lang;

namespace {

void shapeFromValue(Interpreter& in, const Value& v, tensorflow::TensorShapeProto* out) {
    if (v.isNone()) {
        out->set_unknown_rank(true);
        return;
    }
    for (const Value& d : in.toVector(v)) out->add_dim()->set_size(d.isNone() ? -1 : in.toIndex(d));
}

tensorflow::DataType dtypeFromName(Interpreter& in, const Value& v) {
    return static_cast<tensorflow::DataType>(dtypeFromValue(in, v));
}

// The inverse of saved_model_load.cpp's structuredValue: tagged tuples -> StructuredValue.
void encodeStructured(Interpreter& in, const Value& v, tensorflow::StructuredValue* out, int depth = 0) {
    if (depth > 64) raise(types().ValueError, "a signature nested deeper than 64 levels");
    std::vector<Value> t = in.toVector(v);
    if (t.empty()) raise(types().ValueError, "saved_model_object_graph: empty structure tag");
    const std::string tag = in.str(t[0]);
    auto at = [&](size_t i) -> const Value& {
        if (i >= t.size()) raise(types().ValueError, "saved_model_object_graph: short '" + tag + "' entry");
        return t[i];
    };
    if (tag == "none") {
        out->mutable_none_value();
    } else if (tag == "value") {
        const Value& x = at(1);
        if (x.isBool()) out->set_bool_value(x.asBool());
        else if (x.isInt()) out->set_int64_value(x.asInt());
        else if (x.isFloat()) out->set_float64_value(x.asFloat());
        else out->set_string_value(in.str(x));
    } else if (tag == "list" || tag == "tuple") {
        auto* items =
            tag == "list" ? out->mutable_list_value()->mutable_values() : out->mutable_tuple_value()->mutable_values();
        for (const Value& x : in.toVector(at(1))) encodeStructured(in, x, items->Add(), depth + 1);
    } else if (tag == "dict") {
        auto* fields = out->mutable_dict_value()->mutable_fields();
        for (const Value& kv : in.toVector(at(1))) {
            std::vector<Value> p = in.toVector(kv);
            encodeStructured(in, p.at(1), &(*fields)[in.str(p.at(0))], depth + 1);
        }
    } else if (tag == "namedtuple") {
        auto* nt = out->mutable_named_tuple_value();
        nt->set_name(in.str(at(1)));
        for (const Value& kv : in.toVector(at(2))) {
            std::vector<Value> p = in.toVector(kv);
            auto* pair = nt->add_values();
            pair->set_key(in.str(p.at(0)));
            encodeStructured(in, p.at(1), pair->mutable_value(), depth + 1);
        }
    } else if (tag == "spec") {
        auto* s = out->mutable_tensor_spec_value();
        s->set_name(in.str(at(1)));
        s->set_dtype(dtypeFromName(in, at(2)));
        shapeFromValue(in, at(3), s->mutable_shape());
    } else {
        raise(types().ValueError, "saved_model_object_graph: unknown structure tag '" + tag + "'");
    }
}

} // namespace

void fillSavedModelSave(DictObj* d) {
    // saved_model_object_graph(nodes, concrete functions) -> SavedObjectGraph bytes. nodes:
    // (kind, [(child name, id)], details) with details per kind: user_object identifier; variable
    // (name, dtype, shape, trainable); function ([concrete names], input signature or None,
    // [argument names]); bare_concrete_function (name, [argument keywords], positional count);
    // constant (operation). concrete functions: (name, [bound input ids], input signature,
    // output signature). Signatures are tagged tuples as saved_model_objects gives them.
    d->setStr("saved_model_object_graph",
              newBuiltin("saved_model_object_graph", [](Interpreter& in, CallArgs& a) -> Value {
                  tensorflow::SavedObjectGraph og;
                  for (const Value& nv : in.toVector(a[0])) {
                      std::vector<Value> n = in.toVector(nv);
                      if (n.size() != 3)
                          raise(types().ValueError, "saved_model_object_graph: a node is (kind, children, details)");
                      auto* node = og.add_nodes();
                      for (const Value& cv : in.toVector(n[1])) {
                          std::vector<Value> c = in.toVector(cv);
                          auto* ref = node->add_children();
                          ref->set_local_name(in.str(c.at(0)));
                          ref->set_node_id(int32_t(in.toIndex(c.at(1))));
                      }
                      const std::string kind = in.str(n[0]);
                      if (kind == "user_object") {
                          node->mutable_user_object()->set_identifier(in.str(n[2]));
                          auto* v = node->mutable_user_object()->mutable_version();
                          v->set_producer(1);
                          v->set_min_consumer(1);
                      } else if (kind == "variable") {
                          std::vector<Value> v = in.toVector(n[2]);
                          auto* sv = node->mutable_variable();
                          sv->set_name(in.str(v.at(0)));
                          sv->set_dtype(dtypeFromName(in, v.at(1)));
                          shapeFromValue(in, v.at(2), sv->mutable_shape());
                          sv->set_trainable(in.truthy(v.at(3)));
                      } else if (kind == "function") {
                          std::vector<Value> f = in.toVector(n[2]);
                          auto* sf = node->mutable_function();
                          for (const Value& name : in.toVector(f.at(0))) sf->add_concrete_functions(in.str(name));
                          auto* spec = sf->mutable_function_spec();
                          // TF's FullArgSpec of the Python function (self left out of methods)
                          auto* fas = spec->mutable_fullargspec()->mutable_named_tuple_value();
                          fas->set_name("FullArgSpec");
                          auto field = [&](const char* key) {
                              auto* p = fas->add_values();
                              p->set_key(key);
                              return p->mutable_value();
                          };
                          auto* args = field("args")->mutable_list_value();
                          for (const Value& name : in.toVector(f.at(2)))
                              args->add_values()->set_string_value(in.str(name));
                          field("varargs")->mutable_none_value();
                          field("varkw")->mutable_none_value();
                          field("defaults")->mutable_none_value();
                          field("kwonlyargs")->mutable_list_value();
                          field("kwonlydefaults")->mutable_none_value();
                          field("annotations")->mutable_dict_value();
                          encodeStructured(in, f.at(1), spec->mutable_input_signature());
                      } else if (kind == "bare_concrete_function") {
                          std::vector<Value> f = in.toVector(n[2]);
                          auto* bf = node->mutable_bare_concrete_function();
                          bf->set_concrete_function_name(in.str(f.at(0)));
                          for (const Value& k : in.toVector(f.at(1))) bf->add_argument_keywords(in.str(k));
                          bf->set_allowed_positional_arguments(in.toIndex(f.at(2)));
                      } else if (kind == "constant") {
                          node->mutable_constant()->set_operation(in.str(n[2]));
                      } else {
                          raise(types().ValueError, "saved_model_object_graph: unknown node kind '" + kind + "'");
                      }
                  }
                  for (const Value& cv : in.toVector(a[1])) {
                      std::vector<Value> c = in.toVector(cv);
                      if (c.size() != 4)
                          raise(types().ValueError, "saved_model_object_graph: a concrete function is 4 entries");
                      auto& cf = (*og.mutable_concrete_functions())[in.str(c[0])];
                      for (const Value& id : in.toVector(c[1])) cf.add_bound_inputs(int32_t(in.toIndex(id)));
                      encodeStructured(in, c[2], cf.mutable_canonicalized_input_signature());
                      encodeStructured(in, c[3], cf.mutable_output_signature());
                  }
                  std::string bytes;
                  og.SerializeToString(&bytes);
                  return Value::adopt(new BytesObj(std::move(bytes)));
              }));
}

} // namespace graphlens::eager
