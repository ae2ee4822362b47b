//===- PtoAsmLexer.cpp - tokens of PTO-AS
//----------------------------------===//
#include "PtoAsmLexer.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir::pto::assembly;

/// Characters of register names, identifiers and the names in `!a.b`.
static bool isNameChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$';
}

void Lexer::skipBlanksAndComments() {
  while (pos < buffer.size()) {
    char c = buffer[pos];
    if (c == ' ' || c == '\t' || c == '\r') {
      ++pos;
      continue;
    }
    // A `#` first on its line is a comment; later on a line it starts an
    // attribute.
    if (c == '#' && atLineStart) {
      while (pos < buffer.size() && buffer[pos] != '\n')
        ++pos;
      continue;
    }
    // Blank and comment lines end no statement.
    if (c == '\n' && atLineStart) {
      ++pos;
      continue;
    }
    return;
  }
}

Token Lexer::lexType(size_t start) {
  // `!` then a dotted name, then an optional balanced `<...>`.
  while (pos < buffer.size() && isNameChar(buffer[pos]))
    ++pos;
  if (pos < buffer.size() && buffer[pos] == '<') {
    int depth = 0;
    while (pos < buffer.size() && buffer[pos] != '\n') {
      char c = buffer[pos++];
      if (c == '<')
        ++depth;
      else if (c == '>' && --depth == 0)
        return make(TokenKind::Type, start);
    }
    return make(TokenKind::Error, start);
  }
  return make(TokenKind::Type, start);
}

Token Lexer::lexNumber(size_t start) {
  if (buffer[pos] == '-')
    ++pos;
  if (buffer.substr(pos).starts_with_insensitive("0x")) {
    pos += 2;
    while (pos < buffer.size() && llvm::isHexDigit(buffer[pos]))
      ++pos;
    return make(TokenKind::Integer, start);
  }
  bool isFloat = false;
  while (pos < buffer.size()) {
    char c = buffer[pos];
    if (llvm::isDigit(c)) {
      ++pos;
    } else if (c == '.' || c == 'e' || c == 'E') {
      isFloat = true;
      ++pos;
      if ((c == 'e' || c == 'E') && pos < buffer.size() &&
          (buffer[pos] == '-' || buffer[pos] == '+'))
        ++pos;
    } else {
      break;
    }
  }
  return make(isFloat ? TokenKind::Float : TokenKind::Integer, start);
}

Token Lexer::next() {
  skipBlanksAndComments();
  size_t start = pos;
  if (pos >= buffer.size()) {
    // A last statement without a newline still ends.
    if (!atLineStart) {
      atLineStart = true;
      return {TokenKind::Newline, buffer.substr(buffer.size())};
    }
    return {TokenKind::Eof, buffer.substr(buffer.size())};
  }
  char c = buffer[pos];
  if (c == '\n') {
    ++pos;
    atLineStart = true;
    return make(TokenKind::Newline, start);
  }
  atLineStart = false;
  if (c == '%') {
    ++pos;
    while (pos < buffer.size() && isNameChar(buffer[pos]))
      ++pos;
    return make(pos - start > 1 ? TokenKind::Register : TokenKind::Error,
                start);
  }
  if (c == '!') {
    ++pos;
    return lexType(start);
  }
  if (c == '@') {
    ++pos;
    while (pos < buffer.size() && isNameChar(buffer[pos]))
      ++pos;
    return make(pos - start > 1 ? TokenKind::Symbol : TokenKind::Error, start);
  }
  if (llvm::isDigit(c) ||
      (c == '-' && pos + 1 < buffer.size() && llvm::isDigit(buffer[pos + 1])))
    return lexNumber(start);
  if (llvm::isAlpha(c) || c == '_') {
    while (pos < buffer.size() && isNameChar(buffer[pos]))
      ++pos;
    return make(TokenKind::Identifier, start);
  }
  ++pos;
  switch (c) {
  case ',':
    return make(TokenKind::Comma, start);
  case '=':
    return make(TokenKind::Equal, start);
  case ':':
    return make(TokenKind::Colon, start);
  case '[':
    return make(TokenKind::LSquare, start);
  case ']':
    return make(TokenKind::RSquare, start);
  case '(':
    return make(TokenKind::LParen, start);
  case ')':
    return make(TokenKind::RParen, start);
  case '#':
    return make(TokenKind::Hash, start);
  case '-':
    if (pos < buffer.size() && buffer[pos] == '>') {
      ++pos;
      return make(TokenKind::Arrow, start);
    }
    break;
  default:
    break;
  }
  return make(TokenKind::Error, start);
}

llvm::StringRef mlir::pto::assembly::describe(TokenKind kind) {
  switch (kind) {
  case TokenKind::Register:
    return "a register (%name)";
  case TokenKind::Identifier:
    return "a name";
  case TokenKind::Integer:
    return "an integer";
  case TokenKind::Float:
    return "a number";
  case TokenKind::Type:
    return "a type";
  case TokenKind::Symbol:
    return "a symbol (@name)";
  case TokenKind::Comma:
    return "','";
  case TokenKind::Equal:
    return "'='";
  case TokenKind::Colon:
    return "':'";
  case TokenKind::Arrow:
    return "'->'";
  case TokenKind::LSquare:
    return "'['";
  case TokenKind::RSquare:
    return "']'";
  case TokenKind::LParen:
    return "'('";
  case TokenKind::RParen:
    return "')'";
  case TokenKind::Hash:
    return "'#'";
  case TokenKind::Newline:
    return "the end of the line";
  case TokenKind::Eof:
    return "the end of the file";
  case TokenKind::Error:
    return "an invalid token";
  }
  llvm_unreachable("unknown token kind");
}
