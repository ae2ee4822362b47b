//===- PtoAsmLexer.h - tokens of PTO-AS --------------------------*- C++
//-*-===//
#ifndef PTO_TRANSLATE_PTOASLEXER_H
#define PTO_TRANSLATE_PTOASLEXER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

namespace mlir::pto::assembly {

enum class TokenKind {
  Register,   // %name
  Identifier, // op names, labels, keys, `into`, builtin types (index, i64)
  Integer,    // 12, -3, 0x1000
  Float,      // 1.5, 2e3
  Type,       // !dialect.name<...> with its angle brackets
  Symbol,     // @tile (the memory of `tassign %t, @tile(addr)`)
  Comma,
  Equal,
  Colon,
  Arrow,
  LSquare,
  RSquare,
  LParen,
  RParen,
  Hash,    // `#` starting an attribute (a line starting with `#` is a comment)
  Newline, // end of a statement
  Eof,
  Error, // a character no token starts with, or an unclosed `<`
};

struct Token {
  TokenKind kind;
  llvm::StringRef text;
  llvm::SMLoc getLoc() const {
    return llvm::SMLoc::getFromPointer(text.data());
  }
  bool is(TokenKind k) const { return kind == k; }
};

/// Splits a buffer into tokens; comment lines and blank lines produce none.
class Lexer {
public:
  explicit Lexer(llvm::StringRef buffer) : buffer(buffer), pos(0) {}
  Token next();

private:
  Token make(TokenKind kind, size_t start) {
    return {kind, buffer.slice(start, pos)};
  }
  void skipBlanksAndComments();
  Token lexType(size_t start);
  Token lexNumber(size_t start);

  llvm::StringRef buffer;
  size_t pos;
  bool atLineStart = true;
};

/// The spelling of a token kind for "expected ..." messages.
llvm::StringRef describe(TokenKind kind);

} // namespace mlir::pto::assembly

#endif // PTO_TRANSLATE_PTOASLEXER_H
