//===- PtoAsmParser.cpp - PTO-AS lines to statements
//-----------------------===//
//
//   statement := [label ':'] [results '='] op operands [into] ':' types attrs
//   results   := %r (',' %r)*
//   operands  := operand (',' operand)*
//   operand   := %r ['[' index ',' index ']'] | integer
//   into      := 'into' %r
//   types     := side ['->' side]       side := type | '(' type (',' type)* ')'
//   attrs     := ('#' key ['=' value])*
// and the placement of manual mode: `tassign %t, @tile(addr)`.
//
#include "PtoAsmLexer.h"
#include "PtoAsmStatement.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

using namespace mlir;
using namespace mlir::pto::assembly;

SourceLocator::SourceLocator(llvm::SourceMgr &sourceMgr, MLIRContext *context)
    : sourceMgr(sourceMgr), context(context) {}

Location SourceLocator::operator()(llvm::SMLoc loc) const {
  unsigned bufferId = sourceMgr.getMainFileID();
  auto [line, col] = sourceMgr.getLineAndColumn(loc, bufferId);
  return FileLineColLoc::get(
      context, sourceMgr.getMemoryBuffer(bufferId)->getBufferIdentifier(), line,
      col);
}

Location SourceLocator::startOfFile() const {
  return (*this)(llvm::SMLoc::getFromPointer(
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBufferStart()));
}

namespace {
class StatementParser {
public:
  StatementParser(llvm::StringRef buffer, const SourceLocator &locate)
      : lexer(buffer), locate(locate) {
    token = lexer.next();
  }

  FailureOr<std::vector<Statement>> parseAll() {
    std::vector<Statement> statements;
    while (!token.is(TokenKind::Eof)) {
      Statement statement;
      if (failed(parseStatement(statement)))
        return failure();
      // A line holding only a label holds no statement.
      if (!statement.opName.empty())
        statements.push_back(std::move(statement));
    }
    return statements;
  }

private:
  void consume() { token = lexer.next(); }

  InFlightDiagnostic emitError(llvm::SMLoc loc) {
    return mlir::emitError(locate(loc));
  }
  /// "expected <what>, got <the token>".
  LogicalResult expected(StringRef what) {
    InFlightDiagnostic diag = emitError(token.getLoc())
                              << "expected " << what << ", got ";
    if (token.is(TokenKind::Newline) || token.is(TokenKind::Eof))
      diag << describe(token.kind);
    else
      diag << "'" << token.text << "'";
    return failure();
  }
  LogicalResult expect(TokenKind kind, StringRef what) {
    if (!token.is(kind))
      return expected(what);
    consume();
    return success();
  }

  LogicalResult parseStatement(Statement &statement);
  LogicalResult parseScalar(Scalar &scalar, StringRef what);
  LogicalResult parseOperand(Operand &operand);
  LogicalResult parseTypeSide(TypeSide &side);
  LogicalResult parseType(TypeSide &side);
  LogicalResult parseAttribute(AttributeText &attribute);
  LogicalResult parsePlacement(Statement &statement);

  Lexer lexer;
  const SourceLocator &locate;
  Token token;
};
} // namespace

LogicalResult StatementParser::parseScalar(Scalar &scalar, StringRef what) {
  scalar.loc = token.getLoc();
  if (token.is(TokenKind::Register)) {
    scalar.reg = token.text.drop_front().str();
    consume();
    return success();
  }
  if (token.is(TokenKind::Integer)) {
    StringRef text = token.text;
    bool negative = text.consume_front("-");
    uint64_t magnitude;
    if (text.getAsInteger(0, magnitude) || magnitude > uint64_t(INT64_MAX))
      return emitError(token.getLoc())
             << "integer '" << token.text << "' does not fit in 64 bits";
    scalar.value = negative ? -int64_t(magnitude) : int64_t(magnitude);
    consume();
    return success();
  }
  if (token.is(TokenKind::Float))
    return emitError(token.getLoc())
           << "expected " << what << ", got the number '" << token.text
           << "' (immediates are integers)";
  return expected(what);
}

LogicalResult StatementParser::parseOperand(Operand &operand) {
  if (failed(
          parseScalar(operand.base, "an operand (a register or an integer)")))
    return failure();
  if (!token.is(TokenKind::LSquare))
    return success();
  if (operand.base.isImmediate())
    return emitError(token.getLoc())
           << "expected a register before '[' (a memory operand is %tile[%row, "
              "%col])";
  operand.isMemory = true;
  consume();
  do {
    if (failed(parseScalar(operand.indices.emplace_back(),
                           "an index (a register or an integer)")))
      return failure();
  } while (token.is(TokenKind::Comma) && (consume(), true));
  if (operand.indices.size() != 2)
    return emitError(operand.base.loc)
           << "memory operand %" << operand.base.reg << " needs 2 indices "
           << "[row, col], got " << operand.indices.size();
  return expect(TokenKind::RSquare, "']' after the indices [row, col]");
}

LogicalResult StatementParser::parseType(TypeSide &side) {
  if (!token.is(TokenKind::Type) && !token.is(TokenKind::Identifier))
    return expected("a type");
  StringRef text = token.text;
  llvm::SMLoc loc = token.getLoc();
  // The pages write a global tensor `!pto.memref<...>` (TLOAD.md), a type
  // no pto dialect defines (PTOAS neither): say what to write instead.
  if (text.starts_with("!pto.memref"))
    return emitError(loc)
           << "'!pto.memref' (the pages' global tensor) has no pto-mlir "
              "type: write the tensor of a window as !pto.tensor_view<RxCxT>, "
              "which the kernel takes as a !pto.ptr";
  MLIRContext *context = locate.getContext();
  // The type parser reports in a buffer of its own: keep the message and
  // the column, then report at the type's place in the file.
  std::optional<std::pair<std::string, unsigned>> failure;
  size_t numRead = 0;
  Type type;
  {
    ScopedDiagnosticHandler capture(context, [&](Diagnostic &diag) {
      unsigned column = 1;
      if (auto fileLoc = dyn_cast<FileLineColLoc>(diag.getLocation()))
        column = fileLoc.getColumn();
      if (!failure)
        failure = {diag.str(), column};
      return success();
    });
    type = mlir::parseType(text, context, &numRead);
  }
  if (failure) {
    llvm::SMLoc at = llvm::SMLoc::getFromPointer(
        loc.getPointer() + std::min<size_t>(failure->second - 1, text.size()));
    return emitError(at) << failure->first;
  }
  if (!type || numRead != text.size())
    return emitError(loc) << "expected a type, got '" << text << "'";
  side.types.push_back(type);
  side.locs.push_back(loc);
  consume();
  return success();
}

LogicalResult StatementParser::parseTypeSide(TypeSide &side) {
  if (!token.is(TokenKind::LParen))
    return parseType(side);
  side.isList = true;
  consume();
  do {
    if (failed(parseType(side)))
      return failure();
  } while (token.is(TokenKind::Comma) && (consume(), true));
  return expect(TokenKind::RParen, "',' or ')' in the type list");
}

LogicalResult StatementParser::parseAttribute(AttributeText &attribute) {
  attribute.loc = token.getLoc();
  consume(); // '#'
  if (!token.is(TokenKind::Identifier))
    return expected("an attribute name after '#'");
  attribute.key = token.text.str();
  consume();
  if (!token.is(TokenKind::Equal))
    return success();
  consume();
  if (!token.is(TokenKind::Identifier) && !token.is(TokenKind::Integer))
    return expected("an attribute value after '='");
  attribute.value = token.text.str();
  consume();
  return success();
}

/// After `tassign`: `%t, @tile(addr)` to the end of the line.
LogicalResult StatementParser::parsePlacement(Statement &statement) {
  if (!token.is(TokenKind::Register))
    return expected("the register tassign places");
  if (failed(parseScalar(statement.operands.emplace_back().base,
                         "the register tassign places")) ||
      failed(expect(TokenKind::Comma, "',' after the register")))
    return failure();
  if (!token.is(TokenKind::Symbol) || token.text != "@tile")
    return expected("'@tile(address)'");
  consume();
  Scalar address;
  if (failed(expect(TokenKind::LParen, "'(' after @tile")) ||
      failed(parseScalar(address, "an address")))
    return failure();
  if (!address.isImmediate())
    return emitError(address.loc) << "the address of tassign is an integer";
  statement.tileAddress = address.value;
  if (failed(expect(TokenKind::RParen, "')' after the address")))
    return failure();
  if (!token.is(TokenKind::Newline))
    return expected("the end of the line (tassign takes no type: its tile "
                    "has the type of the statements that use it)");
  consume();
  return success();
}

LogicalResult StatementParser::parseStatement(Statement &statement) {
  statement.loc = token.getLoc();
  // `label:`
  if (token.is(TokenKind::Identifier)) {
    Token name = token;
    consume();
    if (token.is(TokenKind::Colon)) {
      consume();
      if (token.is(TokenKind::Newline)) {
        consume();
        return success();
      }
    } else {
      // Not a label: the op name of a destination-first statement.
      statement.opName = name.text.str();
      statement.opLoc = name.getLoc();
    }
  }
  if (statement.opName.empty()) {
    // Synchronous form: `%a, %b = op ...`.
    if (token.is(TokenKind::Register)) {
      do {
        if (!token.is(TokenKind::Register))
          return expected("a result register");
        if (failed(parseScalar(statement.results.emplace_back(),
                               "a result register")))
          return failure();
      } while (token.is(TokenKind::Comma) && (consume(), true));
      if (failed(expect(TokenKind::Equal, "'=' after the result registers")))
        return failure();
    }
    if (!token.is(TokenKind::Identifier))
      return expected("an op name");
    statement.opName = token.text.str();
    statement.opLoc = token.getLoc();
    consume();
  }
  StringRef name = statement.opName;
  if (name.consume_front("pto."))
    statement.opName = name.str();
  if (statement.opName == "tassign" && !statement.isSynchronous())
    return parsePlacement(statement);

  if (!token.is(TokenKind::Colon) &&
      !(token.is(TokenKind::Identifier) && token.text == "into")) {
    do {
      if (failed(parseOperand(statement.operands.emplace_back())))
        return failure();
    } while (token.is(TokenKind::Comma) && (consume(), true));
  }
  if (token.is(TokenKind::Identifier) && token.text == "into") {
    consume();
    statement.into.emplace();
    if (!token.is(TokenKind::Register))
      return expected("a register after 'into'");
    if (failed(parseScalar(*statement.into, "a register after 'into'")))
      return failure();
  }
  if (!token.is(TokenKind::Colon))
    return expected("':' and the operand types");
  consume();
  statement.types.loc = token.getLoc();
  if (failed(parseTypeSide(statement.types.lhs)))
    return failure();
  if (token.is(TokenKind::Arrow)) {
    consume();
    if (failed(parseTypeSide(statement.types.rhs.emplace())))
      return failure();
  } else if (statement.types.lhs.isList) {
    return expected("'->' after a type list");
  }
  while (token.is(TokenKind::Hash))
    if (failed(parseAttribute(statement.attributes.emplace_back())))
      return failure();
  if (!token.is(TokenKind::Newline))
    return expected("'#key=value' or the end of the line");
  consume();
  return success();
}

FailureOr<std::vector<Statement>>
mlir::pto::assembly::parseStatements(llvm::SourceMgr &sourceMgr,
                                     const SourceLocator &locate) {
  StringRef buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBuffer();
  return StatementParser(buffer, locate).parseAll();
}
