// StringFormat, PrintV2, Assert: tf.print's and the assert helpers' ops. Tensors are formatted as
// TF's SummarizeValue(summarize, print_v2=true) does (core/numeric's tfSummarize). SerializeTensor
// and ParseTensor: a tensor as the bytes of its TensorProto and back.
#include <chrono>
#include <iostream>
#include <mutex>

#include "core/numeric/tf_format.h"
#include "core/ops/array_view.h"
#include "core/ops/kernel_util.h"
#include "core/ops/proto_values.h"
#include "core/ops/string_ops.h"

namespace graphlens::ops {

namespace {

void stringFormatKernel(KernelContext& c) {
    const std::string& tmpl = c.attrs().getString("template");
    const std::string& ph = c.attrs().getString("placeholder");
    const int64_t summarize = c.attrs().getInt("summarize");
    std::vector<std::string> pieces;
    size_t pos = 0;
    while (true) {
        const size_t at = ph.empty() ? std::string::npos : tmpl.find(ph, pos);
        if (at == std::string::npos) {
            pieces.push_back(tmpl.substr(pos));
            break;
        }
        pieces.push_back(tmpl.substr(pos, at - pos));
        pos = at + ph.size();
    }
    if (pieces.size() - 1 != static_cast<size_t>(c.numInputs()))
        invalidArgument("num placeholders in template and num inputs must match: ", pieces.size() - 1, " vs. ",
                        c.numInputs());
    std::string out = pieces[0];
    for (int i = 0; i < c.numInputs(); ++i) {
        out += formatTensorForPrint(c.input(i), summarize);
        out += pieces[static_cast<size_t>(i) + 1];
    }
    c.setOutput(0, Tensor::scalar(out));
}

void printV2Kernel(KernelContext& c) {
    const Tensor& in = c.input(0);
    if (in.rank() != 0) invalidArgument("Input is expected to be scalar, but got ", in.shape().str());
    const std::string& stream = c.attrs().getString("output_stream");
    const std::string text = in.item<std::string>() + c.attrs().getString("end");
    // As TF's kernel: the process's streams. A run that belongs to a script gives the executor a
    // sink of its own (exec::RunOptions::print), which never reaches this kernel.
    if (stream == "stdout" || stream == "log(info)") std::cout << text << std::flush;
    else if (stream == "stderr" || stream == "log(warning)" || stream == "log(error)") std::cerr << text << std::flush;
    else invalidArgument("The output stream ", stream, " is not a valid output stream.");
}

// The data of an assertion message: TF's SummarizeValue(summarize) (print_v2 = false).
std::string summarizeV1(const Tensor& t, int64_t summarize) {
    const int64_t n = t.numElements();
    const int64_t limit = summarize < 0 ? n : std::min(n, summarize);
    std::string out;
    for (int64_t i = 0; i < limit; ++i) {
        if (i) out += ' ';
        if (t.dtype() == DType::String) {
            out += t.data<std::string>()[i];
        } else {
            Tensor e(t.dtype(), TensorShape{});
            copyElements(t, i, e, 0, 1);
            out += formatTensorForPrint(e, -1);
        }
    }
    if (limit < n) out += "...";
    return out;
}

void assertKernel(KernelContext& c) {
    const Tensor& cond = c.input(0);
    if (cond.numElements() != 1) invalidArgument("In[0] should be a scalar: ", cond.shape().str());
    if (cond.item<bool>()) return;
    const int64_t summarize = c.attrs().getInt("summarize");
    std::string msg = "assertion failed: ";
    for (int i = 1; i < c.numInputs(); ++i) {
        if (i > 1) msg += " ";
        msg += "[" + summarizeV1(c.input(i), summarize) + "]";
    }
    invalidArgument(msg);
}

void noOutputs(ShapeContext& c) {
    (void)c;
}

// tf.timestamp: seconds since the epoch, as a double (logging_ops' Timestamp).
void timestampKernel(KernelContext& c) {
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    c.setOutput(0, Tensor::scalar<double>(std::chrono::duration<double>(now).count()));
}

} // namespace

std::string formatTensorForPrint(const Tensor& t, int64_t summarize) {
    return numeric::tfSummarize(arrayViewOf(t), summarize);
}

void serializeTensorKernel(KernelContext& c) {
    tensorflow::TensorProto proto;
    tensorToProtoContent(c.input(0), &proto);
    std::string bytes;
    proto.SerializeToString(&bytes);
    c.setOutput(0, Tensor::scalar<std::string>(std::move(bytes)));
}

void parseTensorKernel(KernelContext& c) {
    const Tensor& serialized = c.input(0);
    if (serialized.rank() != 0)
        invalidArgument("Expected `serialized` to be a scalar, got shape: ", serialized.shape().str());
    const std::string& bytes = serialized.item<std::string>();
    tensorflow::TensorProto proto;
    if (!proto.ParseFromString(bytes)) {
        std::string shown = bytes.size() > 64 ? bytes.substr(0, 64) + "..." : bytes;
        invalidArgument("Could not parse `serialized` as TensorProto: '", shown, "'");
    }
    Tensor t = tensorFromProto(proto, "ParseTensor");
    const DType want = c.attrs().getType("out_type");
    if (t.dtype() != want)
        invalidArgument("Type mismatch between parsed tensor (", tensor::dtypeCppName(t.dtype()), ") and dtype (",
                        tensor::dtypeCppName(want), ")");
    c.setOutput(0, std::move(t));
}

void registerStringKernels() {
    defineOp("SerializeTensor").kernel(serializeTensorKernel).shape(shapeScalar).notDifferentiable();
    defineOp("ParseTensor").kernel(parseTensorKernel, tensor::kAnyTypes, "out_type").notDifferentiable();
    defineOp("StringFormat").kernel(stringFormatKernel, tensor::kAllTypes, "").shape(shapeScalar).notDifferentiable();
    defineOp("PrintV2").kernel(printV2Kernel, tensor::kAllTypes, "").shape(noOutputs).notDifferentiable();
    defineOp("Assert").kernel(assertKernel, tensor::kAllTypes, "").shape(noOutputs).notDifferentiable();
    defineOp("Timestamp").kernel(timestampKernel, tensor::kAllTypes, "").shape(shapeScalar).notDifferentiable();
}

} // namespace graphlens::ops
