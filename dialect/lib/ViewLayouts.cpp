//===- ViewLayouts.cpp - PTOAS's layout attribute moved into the view types
//===//
//
// pto-mlir keeps a global tensor's layout in its view types, as a memref
// keeps its layout; PTOAS writes it as the `layout` attribute of
// pto.make_tensor_view and names none in the types. Its text must be read
// as written, and MLIR's parser checks each use of a value against the
// type written there, so PTOAS's form stays as it is parsed and this moves
// the attribute into the types afterwards: the tensor's type and the types
// of the windows pto.partition_view cuts from it. Everything that reads a
// window's layout (the verifiers, the lowering, the exporters, valid-shape
// inference) reads it from the type alone (GlobalMemory.h, getViewLayout).
//
#include "mlir/IR/Verifier.h"
#include "pto/GlobalMemory.h"
#include "pto/PtoDialect.h"

using namespace mlir;
using namespace mlir::pto;

/// Whether `user` takes a view without writing its type anywhere else (a
/// branch, a yield or a call would have to change types with it).
static bool takesViewAsIs(Operation *user) {
  return isa_and_present<PtoDialect>(user->getDialect());
}

static LogicalResult refuse(MakeTensorViewOp view, Operation *user,
                            GlobalLayout layout) {
  return view.emitOpError()
         << "layout " << stringifyGlobalLayout(layout)
         << " cannot move into the view types: the view flows into '"
         << user->getName()
         << "', whose types would change with it (write the layout in the "
            "view types, as in "
         << view.getType().withLayout(layout) << ")";
}

static LogicalResult moveIntoTypes(MakeTensorViewOp view) {
  GlobalLayout layout = *view.getLayout();
  for (Operation *user : view->getUsers()) {
    if (!takesViewAsIs(user))
      return refuse(view, user, layout);
    if (auto partition = dyn_cast<PartitionViewOp>(user))
      for (Operation *mover : partition->getUsers())
        if (!takesViewAsIs(mover))
          return refuse(view, mover, layout);
  }
  view.getResult().setType(view.getType().withLayout(layout));
  view.removeLayoutAttr();
  for (Operation *user : view->getUsers())
    if (auto partition = dyn_cast<PartitionViewOp>(user))
      partition.getResult().setType(partition.getType().withLayout(layout));
  return success();
}

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
    return failed(moveIntoTypes(view)) ? WalkResult::interrupt()
                                       : WalkResult::advance();
  });
  if (walked.wasInterrupted())
    return failure();
  // The verifiers read a window's layout from its type: a tload or tstore
  // that PTOAS's form left unchecked is checked now (tload_c4, tstore_c4).
  return moved ? verify(root) : success();
}
