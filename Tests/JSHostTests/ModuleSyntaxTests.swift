import JSHost
import XCTest

/// Which files go through esbuild: by extension, and `.js` by a scan for module syntax.
final class ModuleSyntaxTests: XCTestCase {
    func testExtensionsDecideWithoutLookingAtTheSource() {
        for name in ["a.mjs", "a.ts", "a.tsx", "a.jsx", "a.mts", "dir.v2/A.TS"] {
            XCTAssertTrue(ModuleSyntax.needsBundling(path: "/x/" + name, source: "module.exports = 1;"), name)
        }
        for name in ["a.cjs", "a.json", "a", "a.txt"] {
            XCTAssertFalse(ModuleSyntax.needsBundling(path: "/x/" + name, source: "import x from 'y';"), name)
        }
    }

    func testTopLevelImportAndExportStatementsAreModuleSyntax() {
        let modules = [
            "import x from 'y';",
            "import {a} from 'y'",
            "import * as y from 'y'",
            "import 'side-effect';",
            "'use strict';\nexport const a = 1;",
            "export default function () {}",
            "export{a}",
            "const url = import.meta.url;",
            "// header\n/* block */\nimport x from 'y'",
            "#!/usr/bin/env searchlight\nimport x from 'y'",
            "const s = `${1}`;\nexport {}",
            "if (a) { b(); }\nexport { a };",
        ]
        for source in modules {
            XCTAssertTrue(ModuleSyntax.hasModuleStatements(source), source)
        }
    }

    func testLookAlikesInCommonJSAreNot() {
        let commonJS = [
            "module.exports = { import: 1, export: 2 };",
            "exports.importer = require('./x');",
            "const p = import('./lazy.mjs');",
            "// import x from 'y'\nrequire('z');",
            "/* export default 1 */",
            "const s = \"import x from 'y'\";",
            "const s = 'export default 1';",
            "const t = `\nimport x from 'y'\n`;",
            "const t = `${'}'}\nexport default 1`;",
            "const r = /import x from 'y'/;",
            "const r = /[/]export/.test(s);",
            "function f() { const r = /'/; return r; }\nconst s = 'not export';",
            "a.export = 1;\nb.import('x');",
            "function f() {\n  if (x) {\n    import('y');\n  }\n}",
            "class A { import() {} export() {} }",
            "const reexport = 1; const important = 2;",
        ]
        for source in commonJS {
            XCTAssertFalse(ModuleSyntax.hasModuleStatements(source), source)
        }
    }

    func testDivisionIsNotARegularExpression() {
        // `a / b / c` is two divisions; were the first `/` taken for a regex, the
        // quote inside would swallow the export.
        XCTAssertTrue(ModuleSyntax.hasModuleStatements("const x = a / b, y = \"'\" / 2;\nexport { x };"))
        XCTAssertTrue(ModuleSyntax.hasModuleStatements("const x = (a) / 2; const q = \"'\";\nexport default x;"))
    }
}
