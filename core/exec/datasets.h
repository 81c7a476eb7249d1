#pragma once
// tf.data in graphs: a dataset is a DT_VARIANT scalar holding a Dataset (as TF's variant tensors
// hold a DatasetBase). Iterating pulls elements through the chain lazily, so an infinite source
// under a take() works. Ops with functions (MapDataset, FilterDataset, ScanDataset,
// ReduceDataset) call their library functions through callables the executor makes from the
// functions' compiled plans.
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/ops/attr.h"
#include "core/tensor/resource_handle.h"
#include "core/tensor/tensor.h"

namespace graphlens::exec {

class RunLimits; // executor.h

using DatasetFunction = std::function<std::vector<tensor::Tensor>(std::span<const tensor::Tensor>)>;

class DatasetIterator {
public:
    virtual ~DatasetIterator() = default;
    // The next element's components into `element`; false at the end.
    virtual bool next(std::vector<tensor::Tensor>& element) = 0;
};

class Dataset : public tensor::VariantValue {
public:
    std::string typeName() const override { return "tensorflow::data::DatasetBase"; }
    virtual std::unique_ptr<DatasetIterator> makeIterator() const = 0;
};

// A DT_VARIANT scalar holding a dataset of `elements` (a dataset made eagerly and fed to a traced
// function as its argument).
tensor::Tensor elementsDataset(std::vector<std::vector<tensor::Tensor>> elements);
// The dataset a variant tensor holds; InvalidArgumentError when it holds none.
const Dataset& datasetOf(const tensor::Tensor& t);

// Internal to core/exec: whether `op` is one of the dataset ops run here, and running one.
// `functions` are the op's function attrs in the order datasetFunctionAttrs() names them;
// `limits` (may be null) counts a loop step per element ReduceDataset or FilterDataset pulls.
bool isDatasetOp(const std::string& op);
std::vector<std::string> datasetFunctionAttrs(const std::string& op);
std::vector<tensor::Tensor> runDatasetOp(const std::string& op, const ops::AttrMap& attrs,
                                         std::span<const tensor::Tensor> inputs, std::vector<DatasetFunction> functions,
                                         std::shared_ptr<RunLimits> limits = nullptr);

} // namespace graphlens::exec
