//===- ViewLayouts.cpp - PTOAS's layout attribute moved into the view types
//===//
//
// pto-mlir keeps a global tensor's layout in its view types, as a memref
// keeps its layout; PTOAS writes it as the `layout` attribute of
// pto.make_tensor_view and names none in the types. Its text must be read
// as written, and MLIR's parser checks each use of a value against the
// type written there, so PTOAS's form stays as it is parsed and this moves
// the attribute into the types afterwards: the tensor's type, the types of
// the windows pto.partition_view cuts from it, and of the values loops and
// branches carry them in. Everything that reads a
// window's layout (the verifiers, the lowering, the exporters, valid-shape
// inference) reads it from the type alone (GlobalMemory.h, getViewLayout).
//
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "pto/GlobalMemory.h"
#include "pto/PtoDialect.h"

using namespace mlir;
using namespace mlir::pto;

namespace {
/// Gives one tensor's layout to every view type its value reaches: the
/// windows cut from it and the values control flow carries it in (loop
/// iteration arguments and results, the results of an scf.if), each a
/// value whose type MLIR asks to agree with the others'.
class LayoutMover {
public:
  LayoutMover(MakeTensorViewOp view, GlobalLayout layout)
      : view(view), layout(layout) {}

  LogicalResult run() {
    if (failed(retype(view.getResult())))
      return failure();
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      for (OpOperand &use : value.getUses())
        if (failed(follow(use)))
          return failure();
    }
    view.removeLayoutAttr();
    return success();
  }

private:
  /// The view type of `value` with the layout; an error where it names
  /// another one (two tensors of different layouts meet there).
  LogicalResult retype(Value value) {
    std::optional<GlobalLayout> named = getViewLayout(value.getType());
    if (named == layout)
      return success();
    if (named)
      return view.emitOpError()
             << "layout " << stringifyGlobalLayout(layout)
             << " meets a view of layout " << stringifyGlobalLayout(*named)
             << " where control flow joins them";
    if (auto tensor = dyn_cast<TensorViewType>(value.getType()))
      value.setType(tensor.withLayout(layout));
    else
      value.setType(
          cast<PartitionTensorViewType>(value.getType()).withLayout(layout));
    worklist.push_back(value);
    return success();
  }

  LogicalResult follow(OpOperand &use) {
    Operation *user = use.getOwner();
    if (auto partition = dyn_cast<PartitionViewOp>(user))
      return retype(partition.getResult());
    // Other pto ops take a view as it is: their types are their operands'.
    if (isa_and_present<PtoDialect>(user->getDialect()))
      return success();
    if (auto loop = dyn_cast<LoopLikeOpInterface>(user))
      if (BlockArgument iterArg = loop.getTiedLoopRegionIterArg(&use))
        return failure(failed(retype(iterArg)) ||
                       failed(retype(loop.getTiedLoopResult(&use))));
    if (user->hasTrait<mlir::OpTrait::IsTerminator>()) {
      Operation *parent = user->getParentOp();
      if (auto loop = dyn_cast<LoopLikeOpInterface>(parent)) {
        std::optional<MutableArrayRef<OpOperand>> yielded =
            loop.getYieldedValuesMutable();
        for (auto [index, operand] :
             llvm::enumerate(yielded.value_or(MutableArrayRef<OpOperand>())))
          if (&operand == &use)
            return failure(
                failed(retype(loop.getRegionIterArgs()[index])) ||
                failed(retype(loop.getLoopResults().value()[index])));
      } else if (isa<RegionBranchOpInterface>(parent) &&
                 user->getNumOperands() == parent->getNumResults()) {
        // scf.if and its kin yield their results.
        return retype(parent->getResult(use.getOperandNumber()));
      }
    }
    return view.emitOpError()
           << "layout " << stringifyGlobalLayout(layout)
           << " cannot move into the view types: the view flows into '"
           << user->getName()
           << "', whose types would change with it (write the layout in the "
              "view types, as in "
           << view.getType().withLayout(layout) << ")";
  }

  MakeTensorViewOp view;
  GlobalLayout layout;
  SmallVector<Value> worklist;
};
} // namespace

LogicalResult mlir::pto::moveViewLayoutsIntoTypes(Operation *root) {
  bool moved = false;
  WalkResult walked = root->walk([&](MakeTensorViewOp view) {
    // A typed view's attribute, if any, names the same layout
    // (make_tensor_view_c5): it is dropped with nothing to move.
    if (!view.getLayout())
      return WalkResult::advance();
    if (view.getType().getLayout()) {
      view.removeLayoutAttr();
      return WalkResult::advance();
    }
    moved = true;
    return failed(LayoutMover(view, *view.getLayout()).run())
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  if (walked.wasInterrupted())
    return failure();
  // The verifiers read a window's layout from its type: a tload or tstore
  // that PTOAS's form left unchecked is checked now (tload_c4, tstore_c4).
  return moved ? verify(root) : success();
}
