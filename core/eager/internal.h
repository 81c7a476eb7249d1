#pragma once
// Internal declarations of the eager binding (core/eager): the native classes, their payloads and
// the helpers the module files share. See core/eager/README.md.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/lang/interp.h"
#include "core/numeric/array_format.h"
#include "core/ops/attr.h"
#include "core/ops/resource.h"
#include "core/tensor/errors.h"
#include "core/tensor/tensor.h"

namespace graphlens::exec {
class Executable;
}

namespace graphlens::eager {

using lang::CallArgs;
using lang::ClassObj;
using lang::Interpreter;
using lang::NativeFn;
using lang::NativeObj;
using lang::ObjKind;
using lang::Value;
using tensor::DType;
using tensor::PartialShape;
using tensor::Tensor;
using tensor::TensorShape;

// ---------------------------------------------------------------------------------------------
// Payloads of the native objects.

class FuncGraph;
// A symbolic tensor: output `output` of node `node` of a graph being traced.
struct SymRef {
    std::shared_ptr<FuncGraph> graph;
    int32_t node = -1;
    int32_t output = 0;
};

// tf.Tensor (EagerTensor, or SymbolicTensor while tracing: then `t` is invalid and `sym` set).
// `id` identifies the tensor on gradient tapes.
struct TensorData {
    Tensor t;
    int64_t id = 0;
    std::shared_ptr<SymRef> sym;

    // What an eager tensor holds natively besides its elements (which charge the session's
    // tensor budget): its Python object, this payload and its buffer's bookkeeping and smallest
    // allocation. It counts against the script's memory cap like the interpreter's own values,
    // so that millions of small tensors (a batch(10**10) of a repeated dataset collecting them
    // in a list) end in MemoryError at the cap instead of growing the process by gigabytes.
    static constexpr int64_t kNativeBytes =
        int64_t(sizeof(lang::NativeObj) + sizeof(Tensor) + sizeof(int64_t) + 2 * sizeof(std::shared_ptr<void>) +
                2 * 32 /* two shared-ownership blocks */ + 64 /* the buffer object */ + 64 /* its allocation */);
    TensorData() { lang::memAdd(kNativeBytes); }
    ~TensorData() { lang::memAdd(-kNativeBytes); }
    TensorData(const TensorData&) = delete;
    TensorData& operator=(const TensorData&) = delete;
};

// tf.Variable (ResourceVariable). Reads produce tensors with fresh ids, recorded on tapes as
// Identity of the variable's `id`. The value lives in a VarResource registered in the CPU
// device's ResourceManager under `handle`, so traced graphs (ReadVariableOp / AssignVariableOp
// on a captured handle) and eager code see the same variable.
struct VarData {
    VarData();
    ~VarData();
    VarData(const VarData&) = delete;
    VarData& operator=(const VarData&) = delete;
    Tensor& value() { return res->value; }
    const Tensor& value() const { return res->value; }
    std::shared_ptr<ops::VarResource> res;
    Tensor handle; // scalar DT_RESOURCE naming `res`
    int64_t id = 0;
    std::string name; // "Variable:0"
    bool trainable = true;
    std::string kerasName, kerasPath; // set by tf.keras (_core.var_set_keras): `name` / `path`
};

// How numpy sees a String tensor.
enum class NpStr : uint8_t { Unicode, Bytes, Object };

// numpy.ndarray and numpy scalars (0-d, class = the scalar type).
struct ArrayData {
    Tensor t;
    NpStr str = NpStr::Unicode;
};

// ---------------------------------------------------------------------------------------------
// The process-wide native classes (immortal, created once by registerModules()).
struct Classes {
    ClassObj* tensorBase = nullptr;     // tf.Tensor
    ClassObj* eagerTensor = nullptr;    // EagerTensor(tf.Tensor)
    ClassObj* symbolicTensor = nullptr; // SymbolicTensor(tf.Tensor): a graph tensor while tracing
    ClassObj* functionState = nullptr;  // the native state of a tf.function
    ClassObj* variable = nullptr;       // tf.Variable
    ClassObj* dtype = nullptr;          // tf.DType
    ClassObj* ndarray = nullptr;        // numpy.ndarray
    ClassObj* npGeneric = nullptr;      // numpy.generic
    ClassObj *npNumber = nullptr, *npInteger = nullptr, *npSignedInteger = nullptr, *npUnsignedInteger = nullptr,
             *npFloating = nullptr, *npComplexFloating = nullptr, *npBoolType = nullptr;
    ClassObj* npDtype = nullptr; // numpy.dtype
    ClassObj* tape = nullptr;    // the native part of tf.GradientTape
    ClassObj* opError = nullptr; // tf.errors.OpError
    std::vector<std::pair<tensor::ErrorCode, ClassObj*>> errors;
    std::vector<ClassObj*> scalarTypes; // indexed by int(DType)
    std::vector<Value> tfDtypes;        // indexed by int(DType): tf.DType singletons
    std::vector<Value> npDtypes;        // indexed by int(DType): numpy dtype singletons
    Value npUnicodeDtype, npBytesDtype, npObjectDtype;
};
Classes& classes();
void initClasses(); // once

// A native class whose instances are NativeObjs; not `builtin` so that unary operators and
// comparisons dispatch to its dunders.
ClassObj* makeClass(const std::string& name, ClassObj* base);
// Classes of the process (makeClass's and the error classes) become immortal once complete, with
// what their dicts reach, so that scripts on several threads share them (lang::makeImmortal).
void noteProcessClass(ClassObj* c);
void makeProcessClassesImmortal();
// A dunder the interpreter only calls when it is not a builtin function (__repr__, __str__,
// __format__, __eq__, __ne__, __new__): stored as a staticmethod wrapping the builtin; the
// function receives self as args[0].
void setStaticDunder(ClassObj* c, const std::string& name, NativeFn fn);
void setMethod(ClassObj* c, const std::string& name, NativeFn fn);

// ---------------------------------------------------------------------------------------------
// Tensors

bool isTensor(const Value& v); // EagerTensor
bool isVariable(const Value& v);
bool isArray(const Value& v); // ndarray or numpy scalar
bool isNpScalar(const Value& v);
TensorData& tensorData(const Value& v);
VarData& varData(const Value& v);
ArrayData& arrayData(const Value& v);

int64_t nextTensorId();
// Takes `n` of TF's uids (EagerState::tfUid) and returns the first; 0 outside a script.
int64_t takeTfUid(int64_t n = 1);
// The uid TF's default graph takes when first used (the first trace or variable).
void noteDefaultGraph();
Value wrapTensor(Tensor t); // new EagerTensor
Value wrapTensorWithId(Tensor t, int64_t id);
// numpy: an ndarray, or a numpy scalar for 0-d results when `scalarFor0d`.
Value wrapArray(Tensor t, bool scalarFor0d = true, NpStr str = NpStr::Unicode);
Value npScalar(Tensor t, NpStr str = NpStr::Unicode);

// Reads a variable: a fresh tensor, recorded on the active tapes.
Value readVariable(Interpreter& in, const Value& var);

// Python value -> Tensor, with TensorFlow's rules (dtype inference; `dtype` Invalid = infer).
// Raises TypeError / ValueError with TF's messages.
Tensor toTensor(Interpreter& in, const Value& v, DType dtype = DType::Invalid);
// The tensor for an op input, with its tape id (0 when it is a new constant).
struct Input {
    Tensor t;
    int64_t id = 0;
    std::shared_ptr<SymRef> sym; // a symbolic tensor (then `t` is invalid)
    DType dtype() const;
    PartialShape shape() const;
    int rank() const { return shape().rank(); }
};

// ---------------------------------------------------------------------------------------------
// Tracing (trace.cpp)

// This thread's eager random state (tf.random.set_seed, the stateful kernels' streams).
numeric::TfEagerRandom& tfRandom();

bool isSymbolic(const Value& v); // SymbolicTensor
bool tracing();                  // a tf.function trace is building a graph on this thread
// A constant made from Python values: an EagerTensor, or while tracing a Const node (as TF's
// convert_to_tensor makes one in a graph).
Value constantValue(Tensor t, const std::string& name = "Const");
// Runs `op` in the graph being traced: inputs become endpoints (constants, captures), the
// outputs SymbolicTensors.
std::vector<Value> runOpInGraph(Interpreter& in, std::string_view op, const std::vector<Input>& inputs,
                                const ops::AttrMap& attrs, const std::optional<std::string>& name);
// Reads / assigns a variable inside a trace (ReadVariableOp / Assign*VariableOp on its captured handle).
Value readVariableInGraph(Interpreter& in, const Value& var);
Value readVariableInGraph(Interpreter& in, VarData& var);
void assignVariableInGraph(Interpreter& in, const Value& var, const Input& value, const char* op);
void buildSymbolicClass();
void fillFunctionCore(Interpreter& in, lang::DictObj* d); // _core primitives of tf.function
Input toInput(Interpreter& in, const Value& v, DType dtype = DType::Invalid);
// Python value -> Tensor with numpy's rules (int64/float64 defaults).
Tensor toNumpyTensor(Interpreter& in, const Value& v, DType dtype = DType::Invalid, NpStr* str = nullptr);

// DTypes
DType dtypeFromValue(Interpreter& in, const Value& v);    // tf.DType, np dtype, scalar type, str
DType dtypeFromValueOpt(Interpreter& in, const Value& v); // Invalid for None
Value tfDtypeValue(DType dt);
Value npDtypeValue(DType dt);
std::string tfDtypeReprName(DType dt); // "float32", "string"

// Printing
numeric::ArrayView arrayView(const Tensor& t, NpStr str = NpStr::Object); // ops::arrayViewOf, strings as `str`

// Python value <- tensor element (for .tolist(), item(), float(), iteration of numpy arrays).
Value elementToPython(const Tensor& t, int64_t index);
Value tensorToList(const Tensor& t);

// ---------------------------------------------------------------------------------------------
// Ops

// Runs an op: converts inputs (Python values or tensors), runs the kernel, records on tapes.
// `opName` suffix for error messages: nullopt = none, "" = " name: ".
std::vector<Value> runOp(Interpreter& in, std::string_view op, const std::vector<Input>& inputs,
                         const ops::AttrMap& attrs, std::optional<std::string> name = std::nullopt);
Value runOp1(Interpreter& in, std::string_view op, const std::vector<Input>& inputs, const ops::AttrMap& attrs = {},
             std::optional<std::string> name = std::nullopt);
std::vector<Tensor> execRaw(std::string_view op, const std::vector<Tensor>& inputs, const ops::AttrMap& attrs = {});
Tensor execRaw1(std::string_view op, const std::vector<Tensor>& inputs, const ops::AttrMap& attrs = {});
Tensor castTensor(const Tensor& t, DType to);

// A tf.errors.* instance: its args, node_def, op and message (what TF's OpError.__init__ sets).
void setOpErrorFields(lang::ExcObj* e, const Value& nodeDef, const Value& op, const Value& message);
Value newOpError(ClassObj* cls, const std::string& message); // node_def and op None
// Converts a C++ OpError into the Python exception of its class.
[[noreturn]] void raiseOpError(Interpreter& in, const tensor::OpError& e, const std::optional<std::string>& name);
// Called in the handler of an error from the function a tf.function traces with AutoGraph:
// raises it as TF does, framed "in user code:" with the user's frames (trace_error.cpp).
[[noreturn]] void reraiseInUserCode(Interpreter& in, lang::PyError& error);
// A kernel error from running `graph` (message ending "[[{{node N}}]]") as TF's function runtime
// words it: "Graph execution error:", then where node N was defined (the user's frames), then
// the message (trace_error.cpp).
std::string graphExecutionMessage(Interpreter& in, const FuncGraph& graph, const std::string& message);
// Runs `f`, mapping OpErrors to Python exceptions.
template<class F> auto guarded(Interpreter& in, F&& f) -> decltype(f()) {
    try {
        return f();
    } catch (const tensor::OpError& e) {
        raiseOpError(in, e, std::nullopt);
    }
}

// Tapes
void tapeRecord(std::string_view op, const std::vector<Input>& inputs, const std::vector<Tensor>& outputs,
                const std::vector<int64_t>& outIds, const ops::AttrMap& attrs);
bool anyTapeActive();
void tapeNoteVariableRead(const VarData& v, int64_t readId, const Tensor& value);

// Module builders
void buildTensorClass();
void buildVariableClass();
void buildNumpyClasses();
void buildTapeClass();
void fillTfCore(Interpreter& in, lang::DictObj* d);    // _core primitives for the tf prelude
void fillNumpyCore(Interpreter& in, lang::DictObj* d); // numpy primitives
void fillNumpyGenerator(lang::DictObj* d);             // np.random.Generator natives (PCG64)
void fillTapePrimitives(lang::DictObj* d);
void fillKerasIo(lang::DictObj* d);        // h5_read / h5_write / zip_read / zip_write (keras_io.cpp)
void fillSavedModelLoad(lang::DictObj* d); // saved_model_load / saved_model_call (saved_model_load.cpp)
void fillCheckpoint(lang::DictObj* d);     // checkpoint_build / checkpoint_read (checkpoint.cpp)
void fillSavedModelSave(lang::DictObj* d); // saved_model_object_graph (saved_model_save.cpp)
void fillDataFiles(lang::DictObj* d);      // tfrecord_split / tfrecord_encode (data_files.cpp)
// Runs a compiled graph with the script's streams, Stop, deadline and step budget (function.cpp).
std::vector<Tensor> runGraphForScript(lang::Interpreter& in, const exec::Executable& exe,
                                      std::span<const Tensor> feeds);
void execPrelude(Interpreter& in, const char* src, const std::string& filename, lang::DictObj* globals);

// Argument helpers
const Value* argOrKw(CallArgs& a, size_t pos, std::string_view kw); // nullptr when absent
Value argOr(CallArgs& a, size_t pos, std::string_view kw, Value dflt);
std::vector<int64_t> intList(Interpreter& in, const Value& v); // int, list, tuple, tensor

} // namespace graphlens::eager
