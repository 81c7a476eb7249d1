// Gradients of nn ops, after TensorFlow's python/ops/nn_grad.py.
#include "core/ops/kernel_util.h"

namespace graphlens::ops {

namespace {

using G = GradBuilder;
using C = GradContext;

std::vector<Sym> reluGrad(G& b, const C& c) {
    return { b.op1("ReluGrad", { c.grad(0), c.output(0) }) };
}
std::vector<Sym> relu6Grad(G& b, const C& c) {
    return { b.op1("Relu6Grad", { c.grad(0), c.input(0) }) };
}
std::vector<Sym> eluGrad(G& b, const C& c) {
    return { b.op1("EluGrad", { c.grad(0), c.output(0) }) };
}
std::vector<Sym> seluGrad(G& b, const C& c) {
    return { b.op1("SeluGrad", { c.grad(0), c.output(0) }) };
}
std::vector<Sym> softplusGrad(G& b, const C& c) {
    return { b.op1("SoftplusGrad", { c.grad(0), c.input(0) }) };
}
// Second derivatives (nn_grad.py's *GradGrad): the gradient op's inputs are (dy, x or y).
std::vector<Sym> reluGradGrad(G& b, const C& c) {
    return { b.op1("ReluGrad", { c.grad(0), c.input(1) }), grad::zerosLike(b, c.input(1)) };
}
std::vector<Sym> relu6GradGrad(G& b, const C& c) {
    return { b.op1("Relu6Grad", { c.grad(0), c.input(1) }), grad::zerosLike(b, c.input(1)) };
}
std::vector<Sym> leakyReluGradGrad(G& b, const C& c) {
    return { b.op1("LeakyReluGrad", { c.grad(0), c.input(1) }, { { "alpha", c.attrs->getFloat("alpha") } }),
             grad::zerosLike(b, c.input(1)) };
}
template<const char* kOp> std::vector<Sym> eluLikeGradGrad(G& b, const C& c) {
    const Sym x = c.input(1);
    const Sym negative = b.op1("Less", { x, grad::scalarLike(b, x, 0.0) });
    return { b.op1(kOp, { c.grad(0), x }),
             b.op1("SelectV2", { negative, b.op1("Mul", { c.grad(0), c.input(0) }), grad::zerosLike(b, x) }) };
}
constexpr char kEluGrad[] = "EluGrad", kSeluGrad[] = "SeluGrad";
std::vector<Sym> softplusGradGrad(G& b, const C& c) {
    const Sym g = c.grad(0), dy = c.input(0), x = c.input(1);
    const Sym ddy = b.op1("SoftplusGrad", { g, x });
    const Sym denom = b.op1("AddV2",
                            { b.op1("AddV2", { b.op1("Exp", { b.op1("Neg", { x }) }), grad::scalarLike(b, x, 2.0) }),
                              b.op1("Exp", { x }) });
    return { ddy, b.op1("RealDiv", { b.op1("Mul", { g, dy }), denom }) };
}
std::vector<Sym> leakyReluGrad(G& b, const C& c) {
    return { b.op1("LeakyReluGrad", { c.grad(0), c.input(0) }, { { "alpha", c.attrs->getFloat("alpha") } }) };
}
std::vector<Sym> biasAddGrad(G& b, const C& c) {
    const std::string& fmt = c.attrs->getString("data_format");
    return { c.grad(0), b.op1("BiasAddGrad", { c.grad(0) }, { { "data_format", fmt } }) };
}
Sym sumLastKeep(G& b, Sym x) {
    return b.op1("Sum", { x, grad::intScalar(b, -1) }, { { "keep_dims", true } });
}
std::vector<Sym> softmaxGrad(G& b, const C& c) {
    const Sym y = c.output(0), g = c.grad(0);
    return { b.op1("Mul", { b.op1("Sub", { g, sumLastKeep(b, b.op1("Mul", { g, y })) }), y }) };
}
std::vector<Sym> logSoftmaxGrad(G& b, const C& c) {
    const Sym g = c.grad(0);
    return { b.op1("Sub", { g, b.op1("Mul", { sumLastKeep(b, g), b.op1("Exp", { c.output(0) }) }) }) };
}
Sym expandLast(G& b, Sym x) {
    return b.op1("ExpandDims", { x, grad::intScalar(b, -1) });
}
std::vector<Sym> sparseXentGrad(G& b, const C& c) {
    return { b.op1("Mul", { expandLast(b, c.grad(0)), c.output(1) }), Sym{} };
}
std::vector<Sym> xentGrad(G& b, const C& c) {
    const Sym g = expandLast(b, c.grad(0));
    return { b.op1("Mul", { g, c.output(1) }),
             b.op1("Mul", { g, b.op1("Neg", { b.op1("LogSoftmax", { c.input(0) }) }) }) };
}

AttrMap convAttrs(const C& c) {
    return { { "strides", c.attrs->getInts("strides") },
             { "padding", c.attrs->getString("padding") },
             { "explicit_paddings", c.attrs->getInts("explicit_paddings") },
             { "dilations", c.attrs->getInts("dilations") },
             { "data_format", c.attrs->getString("data_format") } };
}
std::vector<Sym> conv2DGrad(G& b, const C& c) {
    const AttrMap a = convAttrs(c);
    return { b.op1("Conv2DBackpropInput", { grad::shapeOf(b, c.input(0)), c.input(1), c.grad(0) }, a),
             b.op1("Conv2DBackpropFilter", { c.input(0), grad::shapeOf(b, c.input(1)), c.grad(0) }, a) };
}
std::vector<Sym> conv2DBackpropInputGrad(G& b, const C& c) {
    const AttrMap a = convAttrs(c);
    return { Sym{}, b.op1("Conv2DBackpropFilter", { c.grad(0), grad::shapeOf(b, c.input(1)), c.input(2) }, a),
             b.op1("Conv2D", { c.grad(0), c.input(1) }, a) };
}
AttrMap poolAttrs(const C& c) {
    return { { "ksize", c.attrs->getInts("ksize") },
             { "strides", c.attrs->getInts("strides") },
             { "padding", c.attrs->getString("padding") },
             { "data_format", c.attrs->getString("data_format") } };
}
std::vector<Sym> maxPoolGrad(G& b, const C& c) {
    return { b.op1("MaxPoolGrad", { c.input(0), c.output(0), c.grad(0) }, poolAttrs(c)) };
}
std::vector<Sym> avgPoolGrad(G& b, const C& c) {
    return { b.op1("AvgPoolGrad", { grad::shapeOf(b, c.input(0)), c.grad(0) }, poolAttrs(c)) };
}
std::vector<Sym> fusedBatchNormGrad(G& b, const C& c) {
    const auto out =
        b.op("FusedBatchNormGradV3", { c.grad(0), c.input(0), c.input(1), c.output(3), c.output(4), c.output(5) },
             { { "epsilon", c.attrs->getFloat("epsilon") },
               { "data_format", c.attrs->getString("data_format") },
               { "is_training", c.attrs->getBool("is_training") } });
    return { out[0], out[1], out[2], Sym{}, Sym{} };
}

} // namespace

void registerNnGradients() {
    defineOp("Relu").grad(reluGrad);
    defineOp("Relu6").grad(relu6Grad);
    defineOp("Elu").grad(eluGrad);
    defineOp("Selu").grad(seluGrad);
    defineOp("Softplus").grad(softplusGrad);
    defineOp("LeakyRelu").grad(leakyReluGrad);
    defineOp("ReluGrad").grad(reluGradGrad);
    defineOp("Relu6Grad").grad(relu6GradGrad);
    defineOp("LeakyReluGrad").grad(leakyReluGradGrad);
    defineOp("EluGrad").grad(eluLikeGradGrad<kEluGrad>);
    defineOp("SeluGrad").grad(eluLikeGradGrad<kSeluGrad>);
    defineOp("SoftplusGrad").grad(softplusGradGrad);
    defineOp("BiasAdd").grad(biasAddGrad);
    defineOp("Softmax").grad(softmaxGrad);
    defineOp("LogSoftmax").grad(logSoftmaxGrad);
    defineOp("SparseSoftmaxCrossEntropyWithLogits").grad(sparseXentGrad);
    defineOp("SoftmaxCrossEntropyWithLogits").grad(xentGrad);
    defineOp("Conv2D").grad(conv2DGrad);
    defineOp("Conv2DBackpropInput").grad(conv2DBackpropInputGrad);
    defineOp("MaxPool").grad(maxPoolGrad);
    defineOp("AvgPool").grad(avgPoolGrad);
    defineOp("FusedBatchNormV3").grad(fusedBatchNormGrad);
}

} // namespace graphlens::ops
