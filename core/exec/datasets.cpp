// Dataset ops of traced tf.data pipelines: RangeDataset, MapDataset, FilterDataset, TakeDataset,
// TakeWhileDataset, ScanDataset (sources and transformations, lazy), ReduceDataset (the consumer
// a function body runs), and the dataset of precomputed elements a dataset argument is fed as.
#include "core/exec/datasets.h"

#include <algorithm>

#include "core/exec/executor.h"
#include "core/ops/execute.h"
#include "core/tensor/errors.h"

namespace graphlens::exec {

using tensor::DType;
using tensor::Tensor;

namespace {

using Element = std::vector<Tensor>;

Tensor wrapDataset(std::shared_ptr<const Dataset> dataset) {
    Tensor t(DType::Variant, tensor::TensorShape{});
    t.data<tensor::Variant>()->value = std::const_pointer_cast<Dataset>(std::move(dataset));
    return t;
}

std::shared_ptr<const Dataset> sharedDatasetOf(const Tensor& t) {
    if (t.dtype() != DType::Variant || t.numElements() != 1)
        throw tensor::InvalidArgumentError("Expected a dataset (a scalar variant tensor), got " + t.shape().str() +
                                           " " + std::string(tensor::dtypeName(t.dtype())));
    auto d = std::dynamic_pointer_cast<const Dataset>(t.data<tensor::Variant>()->value);
    if (!d) throw tensor::InvalidArgumentError("The variant tensor holds no dataset");
    return d;
}

int64_t scalarInt(const Tensor& t, const char* what) {
    if (t.numElements() != 1) throw tensor::InvalidArgumentError(std::string(what) + " must be a scalar");
    return t.toInt64Vector()[0];
}

const std::vector<DType>& typeList(const ops::AttrMap& attrs, const char* name) {
    static const std::vector<DType> none;
    const ops::AttrValue* v = attrs.find(name);
    return v && std::holds_alternative<std::vector<DType>>(*v) ? std::get<std::vector<DType>>(*v) : none;
}

class ElementsDataset final : public Dataset {
public:
    explicit ElementsDataset(std::vector<Element> elements)
        : m_elements(std::move(elements)) { }
    std::unique_ptr<DatasetIterator> makeIterator() const override {
        class It final : public DatasetIterator {
        public:
            explicit It(const std::vector<Element>& e)
                : m_e(e) { }
            bool next(Element& out) override {
                if (m_i >= m_e.size()) return false;
                out = m_e[m_i++];
                return true;
            }

        private:
            const std::vector<Element>& m_e;
            size_t m_i = 0;
        };
        return std::make_unique<It>(m_elements);
    }

private:
    std::vector<Element> m_elements;
};

class RangeDataset final : public Dataset {
public:
    RangeDataset(int64_t start, int64_t stop, int64_t step, DType dtype)
        : m_start(start)
        , m_stop(stop)
        , m_step(step)
        , m_dtype(dtype) { }
    std::unique_ptr<DatasetIterator> makeIterator() const override {
        class It final : public DatasetIterator {
        public:
            explicit It(const RangeDataset& d)
                : m_d(d)
                , m_next(d.m_start) { }
            bool next(Element& out) override {
                if (m_d.m_step > 0 ? m_next >= m_d.m_stop : m_next <= m_d.m_stop) return false;
                Tensor v = Tensor::scalar<int64_t>(m_next);
                m_next += m_d.m_step;
                if (m_d.m_dtype != DType::Int64 && m_d.m_dtype != DType::Invalid)
                    v = ops::execute("Cast", { v }, ops::AttrMap{ { "DstT", m_d.m_dtype } }).at(0);
                out.assign(1, std::move(v));
                return true;
            }

        private:
            const RangeDataset& m_d;
            int64_t m_next;
        };
        return std::make_unique<It>(*this);
    }

private:
    int64_t m_start, m_stop, m_step;
    DType m_dtype;
};

// Transformations keep their input alive and call `fn(element..., captured...)`.
class MapDataset final : public Dataset {
public:
    MapDataset(std::shared_ptr<const Dataset> input, DatasetFunction fn, std::vector<Tensor> captured)
        : m_input(std::move(input))
        , m_fn(std::move(fn))
        , m_captured(std::move(captured)) { }
    std::unique_ptr<DatasetIterator> makeIterator() const override {
        class It final : public DatasetIterator {
        public:
            explicit It(const MapDataset& d)
                : m_d(d)
                , m_in(d.m_input->makeIterator()) { }
            bool next(Element& out) override {
                Element e;
                if (!m_in->next(e)) return false;
                e.insert(e.end(), m_d.m_captured.begin(), m_d.m_captured.end());
                out = m_d.m_fn(e);
                return true;
            }

        private:
            const MapDataset& m_d;
            std::unique_ptr<DatasetIterator> m_in;
        };
        return std::make_unique<It>(*this);
    }

private:
    std::shared_ptr<const Dataset> m_input;
    DatasetFunction m_fn;
    std::vector<Tensor> m_captured;
};

class FilterDataset final : public Dataset {
public:
    FilterDataset(std::shared_ptr<const Dataset> input, DatasetFunction predicate, std::vector<Tensor> captured,
                  std::shared_ptr<RunLimits> limits)
        : m_input(std::move(input))
        , m_predicate(std::move(predicate))
        , m_captured(std::move(captured))
        , m_limits(std::move(limits)) { }
    std::unique_ptr<DatasetIterator> makeIterator() const override {
        class It final : public DatasetIterator {
        public:
            explicit It(const FilterDataset& d)
                : m_d(d)
                , m_in(d.m_input->makeIterator()) { }
            bool next(Element& out) override {
                Element e;
                while (m_in->next(e)) {
                    if (m_d.m_limits) m_d.m_limits->loopStep();
                    Element args = e;
                    args.insert(args.end(), m_d.m_captured.begin(), m_d.m_captured.end());
                    const Element r = m_d.m_predicate(args);
                    if (r.size() != 1 || r[0].dtype() != DType::Bool || r[0].numElements() != 1)
                        throw tensor::InvalidArgumentError("Filter predicate `f` must return a scalar bool.");
                    if (r[0].item<bool>()) {
                        out = std::move(e);
                        return true;
                    }
                }
                return false;
            }

        private:
            const FilterDataset& m_d;
            std::unique_ptr<DatasetIterator> m_in;
        };
        return std::make_unique<It>(*this);
    }

private:
    std::shared_ptr<const Dataset> m_input;
    DatasetFunction m_predicate;
    std::vector<Tensor> m_captured;
    std::shared_ptr<RunLimits> m_limits;
};

// Elements while predicate(element..., captured...) holds.
class TakeWhileDataset final : public Dataset {
public:
    TakeWhileDataset(std::shared_ptr<const Dataset> input, DatasetFunction predicate, std::vector<Tensor> captured)
        : m_input(std::move(input))
        , m_predicate(std::move(predicate))
        , m_captured(std::move(captured)) { }
    std::unique_ptr<DatasetIterator> makeIterator() const override {
        class It final : public DatasetIterator {
        public:
            explicit It(const TakeWhileDataset& d)
                : m_d(d)
                , m_in(d.m_input->makeIterator()) { }
            bool next(Element& out) override {
                Element e;
                if (m_done || !m_in->next(e)) return false;
                Element args = e;
                args.insert(args.end(), m_d.m_captured.begin(), m_d.m_captured.end());
                const Element r = m_d.m_predicate(args);
                if (r.size() != 1 || r[0].dtype() != DType::Bool || r[0].numElements() != 1)
                    throw tensor::InvalidArgumentError("`predicate` must return a scalar boolean tensor.");
                if (!r[0].item<bool>()) {
                    m_done = true;
                    return false;
                }
                out = std::move(e);
                return true;
            }

        private:
            const TakeWhileDataset& m_d;
            std::unique_ptr<DatasetIterator> m_in;
            bool m_done = false;
        };
        return std::make_unique<It>(*this);
    }

private:
    std::shared_ptr<const Dataset> m_input;
    DatasetFunction m_predicate;
    std::vector<Tensor> m_captured;
};

class TakeDataset final : public Dataset {
public:
    TakeDataset(std::shared_ptr<const Dataset> input, int64_t count)
        : m_input(std::move(input))
        , m_count(count) { }
    std::unique_ptr<DatasetIterator> makeIterator() const override {
        class It final : public DatasetIterator {
        public:
            It(std::unique_ptr<DatasetIterator> in, int64_t count)
                : m_in(std::move(in))
                , m_left(count) { }
            bool next(Element& out) override {
                if (m_left == 0) return false; // a negative count takes everything
                if (m_left > 0) --m_left;
                return m_in->next(out);
            }

        private:
            std::unique_ptr<DatasetIterator> m_in;
            int64_t m_left;
        };
        return std::make_unique<It>(m_input->makeIterator(), m_count);
    }

private:
    std::shared_ptr<const Dataset> m_input;
    int64_t m_count;
};

// f(state..., element..., captured...) -> (new state..., output element...).
class ScanDataset final : public Dataset {
public:
    ScanDataset(std::shared_ptr<const Dataset> input, DatasetFunction fn, Element initial, std::vector<Tensor> captured)
        : m_input(std::move(input))
        , m_fn(std::move(fn))
        , m_initial(std::move(initial))
        , m_captured(std::move(captured)) { }
    std::unique_ptr<DatasetIterator> makeIterator() const override {
        class It final : public DatasetIterator {
        public:
            explicit It(const ScanDataset& d)
                : m_d(d)
                , m_in(d.m_input->makeIterator())
                , m_state(d.m_initial) { }
            bool next(Element& out) override {
                Element e;
                if (!m_in->next(e)) return false;
                Element args = m_state;
                args.insert(args.end(), e.begin(), e.end());
                args.insert(args.end(), m_d.m_captured.begin(), m_d.m_captured.end());
                Element r = m_d.m_fn(args);
                const size_t n = m_state.size();
                if (r.size() < n) throw tensor::InvalidArgumentError("The scan function returned too few values");
                std::move(r.begin(), r.begin() + static_cast<long>(n), m_state.begin());
                out.assign(std::make_move_iterator(r.begin() + static_cast<long>(n)), std::make_move_iterator(r.end()));
                return true;
            }

        private:
            const ScanDataset& m_d;
            std::unique_ptr<DatasetIterator> m_in;
            Element m_state;
        };
        return std::make_unique<It>(*this);
    }

private:
    std::shared_ptr<const Dataset> m_input;
    DatasetFunction m_fn;
    Element m_initial;
    std::vector<Tensor> m_captured;
};

// Splits `inputs` after the dataset into (state, captured) by the Tstate attr's length.
void splitStateAndCaptured(const ops::AttrMap& attrs, std::span<const Tensor> inputs, Element& state,
                           std::vector<Tensor>& captured) {
    const size_t n = std::min(typeList(attrs, "Tstate").size(), inputs.size() - 1);
    state.assign(inputs.begin() + 1, inputs.begin() + 1 + static_cast<long>(n));
    captured.assign(inputs.begin() + 1 + static_cast<long>(n), inputs.end());
}

} // namespace

Tensor elementsDataset(std::vector<std::vector<Tensor>> elements) {
    return wrapDataset(std::make_shared<ElementsDataset>(std::move(elements)));
}

const Dataset& datasetOf(const Tensor& t) {
    return *sharedDatasetOf(t);
}

bool isDatasetOp(const std::string& op) {
    return op == "RangeDataset" || op == "MapDataset" || op == "FilterDataset" || op == "TakeDataset" ||
        op == "ScanDataset" || op == "ReduceDataset" || op == "TakeWhileDataset";
}

std::vector<std::string> datasetFunctionAttrs(const std::string& op) {
    if (op == "MapDataset" || op == "ScanDataset" || op == "ReduceDataset") return { "f" };
    if (op == "FilterDataset" || op == "TakeWhileDataset") return { "predicate" };
    return {};
}

std::vector<Tensor> runDatasetOp(const std::string& op, const ops::AttrMap& attrs, std::span<const Tensor> inputs,
                                 std::vector<DatasetFunction> functions, std::shared_ptr<RunLimits> limits) {
    auto need = [&](size_t n) {
        if (inputs.size() < n || functions.size() < datasetFunctionAttrs(op).size())
            throw tensor::InvalidArgumentError(op + ": missing inputs or functions");
    };
    if (op == "RangeDataset") {
        need(3);
        const int64_t step = scalarInt(inputs[2], "step");
        if (step == 0) throw tensor::InvalidArgumentError("step must be a non-zero integer.");
        const auto& types = typeList(attrs, "output_types");
        return { wrapDataset(std::make_shared<RangeDataset>(scalarInt(inputs[0], "start"), scalarInt(inputs[1], "stop"),
                                                            step, types.empty() ? DType::Int64 : types[0])) };
    }
    need(1);
    std::shared_ptr<const Dataset> input = sharedDatasetOf(inputs[0]);
    if (op == "TakeDataset") {
        need(2);
        return { wrapDataset(std::make_shared<TakeDataset>(std::move(input), scalarInt(inputs[1], "count"))) };
    }
    std::vector<Tensor> captured(inputs.begin() + 1, inputs.end());
    if (op == "MapDataset")
        return { wrapDataset(
            std::make_shared<MapDataset>(std::move(input), std::move(functions[0]), std::move(captured))) };
    if (op == "FilterDataset")
        return { wrapDataset(
            std::make_shared<FilterDataset>(std::move(input), std::move(functions[0]), std::move(captured), limits)) };
    if (op == "TakeWhileDataset")
        return { wrapDataset(
            std::make_shared<TakeWhileDataset>(std::move(input), std::move(functions[0]), std::move(captured))) };
    Element state;
    splitStateAndCaptured(attrs, inputs, state, captured);
    if (op == "ScanDataset")
        return { wrapDataset(std::make_shared<ScanDataset>(std::move(input), std::move(functions[0]), std::move(state),
                                                           std::move(captured))) };
    if (op == "ReduceDataset") {
        auto it = input->makeIterator();
        Element e;
        while (it->next(e)) {
            if (limits) limits->loopStep();
            Element args = state;
            args.insert(args.end(), e.begin(), e.end());
            args.insert(args.end(), captured.begin(), captured.end());
            Element r = functions[0](args);
            if (r.size() != state.size())
                throw tensor::InvalidArgumentError("The reduce function returned " + std::to_string(r.size()) +
                                                   " values, the state has " + std::to_string(state.size()));
            state = std::move(r);
        }
        return state;
    }
    throw tensor::UnimplementedError("GraphLens does not run the dataset op " + op);
}

} // namespace graphlens::exec
