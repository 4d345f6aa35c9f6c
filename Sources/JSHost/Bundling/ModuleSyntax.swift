/// Which files the host bundles with esbuild before running them: the cheap test that
/// keeps plain CommonJS scripts off the bundler.
///
/// By extension, `.mjs`, `.mts`, `.ts`, `.tsx`, `.jsx` and `.cts` always need bundling
/// (TypeScript and JSX need compiling; `.mjs` is a module by definition) and `.cjs` and
/// `.json` never do. A `.js` file needs it when it has a top-level `import` or `export`
/// statement, or `import.meta`, outside strings, comments, template literals and
/// regular-expression literals; a dynamic `import(…)` alone does not count, since a
/// CommonJS script may use it.
public enum ModuleSyntax {
    /// The extensions that always go through esbuild.
    public static let compiledExtensions: Set<String> = ["mjs", "mts", "cts", "ts", "tsx", "jsx"]

    /// Whether the file at `path`, whose text is `source`, must be bundled before it runs.
    public static func needsBundling(path: String, source: String) -> Bool {
        let ext = fileExtension(path)
        if compiledExtensions.contains(ext) { return true }
        guard ext == "js" else { return false }
        return hasModuleStatements(source)
    }

    /// The lowercased text after the last dot of the file name, or "".
    static func fileExtension(_ path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// Whether `source` has a top-level `import`/`export` statement or `import.meta`.
    public static func hasModuleStatements(_ source: String) -> Bool {
        // Most CommonJS files never spell either word: skip the scan.
        guard source.contains("import") || source.contains("export") else { return false }
        var scanner = Scanner(Array(source.utf8))
        return scanner.findsModuleStatement()
    }

    /// A tokenizer just precise enough to tell code from strings, comments, templates
    /// and regular expressions, and to track brace depth.
    struct Scanner {
        let bytes: [UInt8]
        var index = 0
        /// Open braces in code, outermost first; `true` marks a template's `${`.
        var braces: [Bool] = []
        /// Whether a `/` here starts a regular expression (no value precedes it).
        var regexAllowed = true

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func findsModuleStatement() -> Bool {
            if bytes.starts(with: Array("#!".utf8)) { skipLine() }
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    index += 1
                case UInt8(ascii: "/"):
                    let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                    if next == UInt8(ascii: "/") { skipLine() }
                    else if next == UInt8(ascii: "*") { skipBlockComment() }
                    else if regexAllowed { skipRegex(); regexAllowed = false }
                    else { index += 1; regexAllowed = true }
                case UInt8(ascii: "'"), UInt8(ascii: "\""):
                    skipString(quote: byte)
                    regexAllowed = false
                case UInt8(ascii: "`"):
                    index += 1
                    skipTemplate()
                    regexAllowed = false
                case UInt8(ascii: "{"):
                    braces.append(false)
                    index += 1
                    regexAllowed = true
                case UInt8(ascii: "}"):
                    index += 1
                    if braces.popLast() == true {
                        skipTemplate()
                        regexAllowed = false
                    } else {
                        regexAllowed = true
                    }
                case UInt8(ascii: ")"), UInt8(ascii: "]"):
                    index += 1
                    regexAllowed = false
                default:
                    if isIdentifierByte(byte) {
                        let start = index
                        while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
                        let word = bytes[start..<index]
                        let afterDot = previousSignificantByte(before: start) == UInt8(ascii: ".")
                        if braces.isEmpty, !afterDot, isModuleKeyword(word) { return true }
                        regexAllowed = !afterDot && Self.keywordsBeforeExpression.contains(String(decoding: word, as: UTF8.self))
                    } else {
                        index += 1
                        regexAllowed = true
                    }
                }
            }
            return false
        }

        /// Whether `word`, just read at the top level, starts an import or export.
        func isModuleKeyword(_ word: ArraySlice<UInt8>) -> Bool {
            if word.elementsEqual("export".utf8) { return true }
            guard word.elementsEqual("import".utf8) else { return false }
            // `import(…)` is a dynamic import, allowed in CommonJS; `import.meta`,
            // `import x`, `import {`, `import *` and `import 'x'` are module syntax.
            return nextSignificantByte() != UInt8(ascii: "(")
        }

        func nextSignificantByte() -> UInt8? {
            var i = index
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): i += 1
                default: return bytes[i]
                }
            }
            return nil
        }

        func previousSignificantByte(before position: Int) -> UInt8? {
            var i = position - 1
            while i >= 0 {
                switch bytes[i] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): i -= 1
                default: return bytes[i]
                }
            }
            return nil
        }

        /// Words after which a `/` starts a regular expression.
        static let keywordsBeforeExpression: Set<String> = [
            "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw",
            "case", "do", "else", "yield", "await",
        ]

        func isIdentifierByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "$") || byte >= 0x80
        }

        mutating func skipLine() {
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        }

        mutating func skipBlockComment() {
            index += 2
            while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
            index = min(index + 2, bytes.count)
        }

        mutating func skipString(quote: UInt8) {
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\\") { index += 1 }
                else if byte == quote || byte == UInt8(ascii: "\n") { return }
            }
        }

        /// Skips template text up to its closing backtick, or into a `${` expression.
        mutating func skipTemplate() {
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\\") { index += 1 }
                else if byte == UInt8(ascii: "`") { return }
                else if byte == UInt8(ascii: "$"), index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                    index += 1
                    braces.append(true)
                    regexAllowed = true
                    return
                }
            }
        }

        mutating func skipRegex() {
            index += 1
            var inClass = false
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\\") { index += 1 }
                else if byte == UInt8(ascii: "\n") { return }
                else if byte == UInt8(ascii: "[") { inClass = true }
                else if byte == UInt8(ascii: "]") { inClass = false }
                else if byte == UInt8(ascii: "/"), !inClass { break }
            }
            while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
        }
    }
}
