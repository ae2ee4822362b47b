//===- IRFingerprint.cpp - a hash of an operation's IR --------------------===//
#include "pto/IRFingerprint.h"

#include "llvm/ADT/Hashing.h"

using namespace mlir;

static llvm::hash_code hashOne(Operation *op) {
  llvm::hash_code h = llvm::hash_combine(
      op, op->getBlock(), op->getName().getAsOpaquePointer(),
      op->getLoc().getAsOpaquePointer(),
      op->getRawDictionaryAttrs().getAsOpaquePointer(), op->hashProperties(),
      op->getNumRegions(), op->getNumSuccessors());
  for (Value operand : op->getOperands())
    h = llvm::hash_combine(h, operand.getAsOpaquePointer());
  for (Value result : op->getResults())
    h = llvm::hash_combine(h, result.getType().getAsOpaquePointer());
  for (Block *successor : op->getSuccessors())
    h = llvm::hash_combine(h, successor);
  for (Region &region : op->getRegions()) {
    h = llvm::hash_combine(h, region.getBlocks().size());
    for (Block &block : region) {
      h = llvm::hash_combine(h, &block, block.getNumArguments());
      for (BlockArgument arg : block.getArguments())
        h = llvm::hash_combine(h, arg.getType().getAsOpaquePointer(),
                               arg.getLoc().getAsOpaquePointer());
    }
  }
  return h;
}

uint64_t mlir::pto::fingerprintIR(Operation *op) {
  // Pre-order: an operation's hash, then its nested operations', so that
  // moving an operation into or out of a region changes the sequence.
  llvm::hash_code h = llvm::hash_code(0);
  op->walk<WalkOrder::PreOrder>(
      [&](Operation *nested) { h = llvm::hash_combine(h, hashOne(nested)); });
  return static_cast<uint64_t>(h);
}
