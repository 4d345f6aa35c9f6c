import Foundation
import XCTest

/// `searchlight import`, `search`, `query`, `stats` and `export`, run as a user runs
/// them: the built binary, a temporary data directory, output compared line by line.
final class IndexCommandsTests: XCTestCase {
    var root: String!
    var cli: CLIRunner!

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "cli-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        cli = try CLIRunner(root: root)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Recipes and news; `r1` has a tab in its description, `n1` is Chinese.
    let sample = """
    {"id":"r1","title":"Brent's pasta","description":"Creamy\\ttomato pasta","keywords":["pasta","dinner"],"domain":"com.example.recipes","rankingHint":80,"attributes":{"cuisine":"italian","spicy":false}}
    {"uniqueIdentifier":"r2","title":"Paris salad","contentDescription":"A salad from Paris","domainIdentifier":"com.example.recipes.salads","contentCreationDate":"2026-01-31T00:00:00Z","expirationDate":4102444800000}

    {"id":"s1","title":"Pasta shop","domain":"com.example.shops","phoneNumbers":["+33 1 23 45 67 89"],"supportsPhoneCall":true}
    {"id":"n1","title":"腾讯新闻","domain":"com.example.news"}
    {"id":"old","title":"Old pasta","expirationDate":1000}

    """

    func write(_ text: String, to name: String) throws -> String {
        let path = root + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func importSample() throws {
        let result = try cli.run(["import", try write(sample, to: "sample.jsonl")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "imported 5 items\n")
        XCTAssertEqual(result.stderr, "", "no progress when standard error is piped")
    }

    // MARK: Reading commands

    func testSearchPrintsRankedHitsOneALine() throws {
        try importSample()
        let pasta = try cli.run(["search", "pasta"])
        XCTAssertEqual(pasta.status, 0, pasta.stderr)
        // Both match in the title, the one starting with the term first; the expired
        // item never. The tab inside r1's description became a space.
        XCTAssertEqual(pasta.lines, [
            "s1\tPasta shop\t",
            "r1\tBrent's pasta\tCreamy tomato pasta",
        ])
        XCTAssertEqual(try cli.run(["search", "新闻"]).lines, ["n1\t腾讯新闻\t"])
        // Every term must match; the last one is a prefix.
        XCTAssertEqual(try cli.run(["search", "creamy", "pas"]).lines, ["r1\tBrent's pasta\tCreamy tomato pasta"])
        XCTAssertEqual(try cli.run(["search", "pasta", "--limit", "1"]).lines.count, 1)
        XCTAssertEqual(try cli.run(["search", "nothingmatches"]).stdout, "")
    }

    func testSearchDomainKeepsTheDomainAndItsSubdomains() throws {
        try importSample()
        let recipes = try cli.run(["search", "pa", "--domain", "com.example.recipes"])
        XCTAssertEqual(recipes.status, 0, recipes.stderr)
        XCTAssertEqual(Set(recipes.lines.map { $0.split(separator: "\t")[0] }), ["r1", "r2"])
        let two = try cli.run(["search", "pa", "--domain", "com.example.recipes.salads", "--domain", "com.example.shops"])
        XCTAssertEqual(Set(two.lines.map { $0.split(separator: "\t")[0] }), ["r2", "s1"])
    }

    func testSearchJSONIsAnArrayOfResults() throws {
        try importSample()
        let result = try cli.run(["search", "pasta", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let hits = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(hits.map { $0["id"] as? String }, ["s1", "r1"])
        XCTAssertEqual(hits[1]["title"] as? String, "Brent's pasta")
        XCTAssertEqual(hits[1]["description"] as? String, "Creamy\ttomato pasta")
        XCTAssertTrue(hits[0]["description"] is NSNull)
        XCTAssertEqual(hits[0]["isActivity"] as? Bool, false)
        let scores = hits.compactMap { $0["score"] as? Double }
        XCTAssertEqual(scores.count, 2)
        XCTAssertGreaterThan(scores[0], scores[1])
        XCTAssertEqual(try cli.run(["search", "zzz", "--json"]).stdout, "[]\n")
    }

    func testSearchJSONShowsWhereEachResultMatched() throws {
        try importSample()
        let result = try cli.run(["search", "brent", "pas", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let hits = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(hits.map { $0["id"] as? String }, ["r1"])
        let highlights = try XCTUnwrap(hits[0]["highlights"] as? [String: Any])
        // "Brent's pasta": UTF-16 [start, end) of `Brent` and of the typed `pas`.
        XCTAssertEqual(highlights["title"] as? [[Int]], [[0, 5], [8, 11]])
        // keywords ["pasta", "dinner"]: one list per element.
        XCTAssertEqual(highlights["keywords"] as? [[[Int]]], [[[0, 3]], []])
        XCTAssertEqual(highlights["description"] as? [[Int]], [[14, 17]], "Creamy\ttomato pasta")
        let chinese = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try cli.run(["search", "新闻", "--json"]).stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual((chinese.first?["highlights"] as? [String: Any])?["title"] as? [[Int]], [[2, 4]], "腾讯新闻")
    }

    func testSearchForgivesATypoUnlessNoTyposIsGiven() throws {
        try importSample()
        // `creamu` is one substitution from `creamy` (6 letters: one typo allowed).
        let forgiving = try cli.run(["search", "creamu", "tomato"])
        XCTAssertEqual(forgiving.status, 0, forgiving.stderr)
        XCTAssertEqual(forgiving.lines, ["r1\tBrent's pasta\tCreamy tomato pasta"])
        let strict = try cli.run(["search", "creamu", "tomato", "--no-typos", "--matching-strategy", "all"])
        XCTAssertEqual(strict.status, 0, strict.stderr)
        XCTAssertEqual(strict.stdout, "")
        // By default (`last`), `creamu`, which matches nothing as typed, is dropped.
        XCTAssertEqual(try cli.run(["search", "creamu", "tomato", "--no-typos"]).lines, ["r1\tBrent's pasta\tCreamy tomato pasta"])
        // No item holds both words: `last` drops `salad`, `frequency` `pasta` (in more items).
        let ids = { (arguments: [String]) in Set(try self.cli.run(["search", "pasta", "salad"] + arguments).lines.map { $0.prefix { $0 != "\t" } }) }
        XCTAssertEqual(try ids([]), ["r1", "s1"])
        XCTAssertEqual(try ids(["--matching-strategy", "frequency"]), ["r2"])
        XCTAssertEqual(try ids(["--matching-strategy", "all"]), [])
        XCTAssertEqual(try cli.run(["search", "creamy", "tomato", "--no-typos"]).lines.count, 1)
        XCTAssertTrue(try cli.run(["search", "--help"], dataDir: false).stdout.contains("--no-typos"))
    }

    func testQueryRunsTheQueryLanguage() throws {
        try importSample()
        let paris = try cli.run(["query", #"title == "*paris*"cd || contentDescription == "*paris*"cd"#])
        XCTAssertEqual(paris.status, 0, paris.stderr)
        XCTAssertEqual(paris.lines, ["r2\tParis salad\tA salad from Paris"])
        XCTAssertEqual(try cli.run(["query", #"title == "brent*"cd"#]).lines, ["r1\tBrent's pasta\tCreamy tomato pasta"])
        XCTAssertEqual(try cli.run(["query", #"(domainIdentifier == "com.example.recipes" && rankingHint > 50)"#]).lines.count, 1)
        XCTAssertEqual(try cli.run(["query", #"cuisine == "italian""#]).lines.map { $0.prefix(2) }, ["r1"])

        let json = try cli.run(["query", #"title == "Pasta*""#, "--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let items = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(items.map { $0["id"] as? String }, ["s1"])
        XCTAssertEqual(items[0]["phoneNumbers"] as? [String], ["+33 1 23 45 67 89"])
        XCTAssertEqual(items[0]["domain"] as? String, "com.example.shops")
    }

    func testStatsCountsItemsPerDomain() throws {
        try importSample()
        let text = try cli.run(["stats"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.lines.contains("items: 4"), text.stdout)
        XCTAssertTrue(text.lines.contains("  com.example.recipes.salads: 1"), text.stdout)
        XCTAssertTrue(text.lines.contains { $0.hasPrefix("size on disk: ") }, text.stdout)

        let json = try cli.run(["stats", "--json"])
        let stats = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(stats["items"] as? Int, 4)
        XCTAssertEqual(stats["domains"] as? [String: Int], [
            "com.example.recipes": 1, "com.example.recipes.salads": 1, "com.example.shops": 1, "com.example.news": 1,
        ])
        XCTAssertGreaterThan(stats["sizeOnDisk"] as? Int ?? 0, 0)
        XCTAssertEqual(stats["indexingPreference"] as? String, "allRecords")
    }

    // MARK: Export and import

    func testExportWritesJSONLinesThatImportBack() throws {
        try importSample()
        let export = try cli.run(["export"])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertEqual(export.lines.count, 4, "the expired item is not exported")
        XCTAssertEqual(export.lines[1],
                       #"{"id":"r2","title":"Paris salad","description":"A salad from Paris","domain":"com.example.recipes.salads","contentCreationDate":1769817600000,"expirationDate":4102444800000}"#)
        XCTAssertTrue(export.lines[0].contains(#""attributes":{"cuisine":"italian","spicy":false}"#), export.lines[0])
        XCTAssertTrue(export.lines[0].contains(#""description":"Creamy\ttomato pasta""#), export.lines[0])

        // Into another index through standard input: the same items come out.
        let copy = try CLIRunner(root: root, name: "copy")
        let imported = try copy.run(["import", "-"], input: export.stdout)
        XCTAssertEqual(imported.stdout, "imported 4 items\n", imported.stderr)
        XCTAssertEqual(try copy.run(["export"]).stdout, export.stdout)
    }

    func testThumbnailDataIsStoredAndExportedAsAFile() throws {
        let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
        let result = try cli.run(["import", "-"], input: #"{"id":"p","title":"Picture","thumbnailData":"data:image/png;base64,\#(png)"}"# + "\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        let line = try cli.run(["export"]).stdout
        let item = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let path = try XCTUnwrap(item["thumbnail"] as? String)
        XCTAssertTrue(path.hasPrefix(cli.dataDirectory + "/thumbnails/"), path)
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data(base64Encoded: png))

        // The exported line imports into another index, which stores its own copy of
        // the picture the `thumbnail` path names.
        let copy = try CLIRunner(root: root, name: "copy")
        let imported = try copy.run(["import", "-"], input: line)
        XCTAssertEqual(imported.stdout, "imported 1 item\n", imported.stderr)
        let copied = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try copy.run(["export"]).stdout.utf8)) as? [String: Any])
        let copiedPath = try XCTUnwrap(copied["thumbnail"] as? String)
        XCTAssertTrue(copiedPath.hasPrefix(copy.dataDirectory + "/thumbnails/"), copiedPath)
        XCTAssertEqual(FileManager.default.contents(atPath: copiedPath), Data(base64Encoded: png))
    }

    func testHTTPImagesAreFetchedAndAFailedFetchWarns() throws {
        // A real HTTP server on a free local port: python3's http.server.
        let site = root + "/site"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!
        try png.write(to: URL(fileURLWithPath: site + "/dot.png"))
        // The server writes the port it got to a file, so no pipe has to be read
        // while it runs.
        let portFile = root + "/port"
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["python3", "-c", """
            import http.server, os
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
            open("../port.tmp", "w").write(str(server.server_address[1]))
            os.rename("../port.tmp", "../port")
            server.serve_forever()
            """]
        server.currentDirectoryURL = URL(fileURLWithPath: site)
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        do { try server.run() } catch { throw XCTSkip("needs python3 for a local HTTP server") }
        defer { server.terminate(); server.waitUntilExit() }
        var port: String?
        for _ in 0..<200 where port == nil && server.isRunning {
            port = try? String(contentsOfFile: portFile, encoding: .utf8)
            if port == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        guard let port else { throw XCTSkip("python3's http.server did not start") }
        let base = "http://127.0.0.1:" + port

        let file = """
        {"id":"w1","title":"Fetched","imageUrl":"\(base)/dot.png"}
        {"id":"w2","title":"Missing","thumbnailURL":"\(base)/missing.png"}
        """
        let result = try cli.run(["import", "-"], input: file)
        XCTAssertEqual(result.stdout, "imported 2 items\n", result.stderr)
        XCTAssertEqual(result.stderr, "searchlight import: warning: line 2: thumbnailURL: could not fetch \(base)/missing.png (HTTP 404); indexed without a thumbnail\n")
        let lines = try cli.run(["export"]).lines
        XCTAssertEqual(lines.count, 2)
        let fetched = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let path = try XCTUnwrap(fetched["thumbnail"] as? String)
        XCTAssertTrue(path.hasSuffix(".png"), path)
        XCTAssertEqual(FileManager.default.contents(atPath: path), png)
        XCTAssertFalse(lines[1].contains("thumbnail"), lines[1])
    }

    func testIsUpdateMergesAndNullRemovesAField() throws {
        try importSample()
        let update = #"{"id":"r1","isUpdate":true,"title":"Brent's best pasta","description":null,"attributes":{"spicy":true}}"#
        let result = try cli.run(["import", "-"], input: update)
        XCTAssertEqual(result.stdout, "imported 1 item\n", result.stderr)
        let line = try XCTUnwrap(try cli.run(["export"]).lines.first { $0.hasPrefix(#"{"id":"r1","#) })
        XCTAssertTrue(line.hasPrefix(#"{"id":"r1","title":"Brent's best pasta","keywords":["pasta","dinner"],"domain":"com.example.recipes""#), line)
        XCTAssertTrue(line.contains(#""attributes":{"cuisine":"italian","spicy":true}"#), line)
    }

    func testABadLineNamesItsLineAndImportsNothing() throws {
        try importSample()
        let before = try cli.run(["export"]).stdout
        // The messages are SearchOnDevice's (those `indexItems` gives JS), with the
        // line in place of `items[i].`.
        let cases: [(String, String)] = [
            ("{\"id\":\"a\",\"title\":\"A\"}\n\n{\"id\":\"b\",\"keywords\":\"x\"}\n",
             "line 3: keywords must be an array of strings, got string"),
            ("{\"id\":\"a\"}\n{\"id\":\"b\",\"keywords\":[\"x\",2]}\n",
             "line 2: keywords must be an array of strings (keywords[1] is number)"),
            ("{\"id\":\"a\",\"title\":\"A\"}\n\n\n{\"id\":\"b\",\"rankingHint\":500}\n",
             "line 4: rankingHint must be a number from 0 to 100, got 500"),
            // Found by the index while writing: the batch is rolled back.
            ("{\"id\":\"a\",\"title\":\"A\"}\n{\"id\":\"b\",\"domain\":\"com..example\"}\n",
             "line 2: domain must not have an empty dot-separated segment"),
            ("{\"id\":\"a\"}\n{\"id\":\"b\",\n", "line 2: not valid JSON"),
            ("{\"id\":\"a\",\"colour\":\"red\"}\n", "line 1: colour is not an item field (known: "),
            ("{\"title\":\"no id\"}\n", "line 1: id is required (a non-empty string)"),
            ("{\"id\":null}\n", "line 1: id must be a non-empty string, got null"),
            // `1` and `true` stay apart: JSON numbers are not booleans.
            ("{\"id\":\"a\",\"supportsPhoneCall\":1}\n", "line 1: supportsPhoneCall must be a boolean, got number"),
            ("{\"id\":\"a\",\"rankingHint\":true}\n", "line 1: rankingHint must be a number from 0 to 100, got true"),
            ("[\"id\"]\n", "line 1: must be an object with at least an id, got array"),
            // The keys in the order the line gives them.
            ("{\"id\":\"a\",\"uniqueIdentifier\":\"b\"}\n", "line 1: has both id and uniqueIdentifier; give one of them"),
            ("{\"uniqueIdentifier\":\"b\",\"id\":\"a\"}\n", "line 1: has both uniqueIdentifier and id; give one of them"),
            // Ids and domains travel over D-Bus: well-formed Unicode without NUL.
            ("{\"id\":\"ok\"}\n{\"id\":\"a\\u0000b\"}\n", "line 2: id must not contain NUL (U+0000)"),
            ("{\"id\":\"a\",\"domain\":\"x\\u0000y\"}\n", "line 1: domain must not contain NUL (U+0000)"),
            ("{\"id\":\"a\\ud800b\"}\n", "line 1: not valid JSON: a lone surrogate (\\uD800) is not well-formed Unicode"),
            // JSON's own grammar, as JSON.parse has it: no other escapes, no raw control
            // characters in strings, no numbers JSON does not write.
            ("{\"id\":\"a\\qb\"}\n", "line 1: not valid JSON: invalid escape '\\q' at byte 9"),
            ("{\"id\":\"a\tb\"}\n", "line 1: not valid JSON: a control character (U+0009) must be escaped in a string at byte 9"),
            ("{\"id\":\"a\",\"rankingHint\":+1}\n", "line 1: not valid JSON: invalid value at byte 25"),
            ("{\"id\":\"a\",\"rankingHint\":01}\n", "line 1: not valid JSON: invalid value at byte 25"),
            ("{\"id\":\"a\",\"rankingHint\":1.}\n", "line 1: not valid JSON: invalid value at byte 25"),
            ("{\"id\":\"a\",\"attributes\":{\"tags\":[\"x\",[1]]}}\n",
             "line 1: attributes.tags[1] must be a string, finite number or boolean, got array"),
        ]
        for (file, message) in cases {
            let result = try cli.run(["import", try write(file, to: "bad.jsonl")])
            XCTAssertEqual(result.status, 1, file)
            XCTAssertEqual(result.stdout, "", file)
            XCTAssertTrue(result.stderr.hasPrefix("searchlight import: \(message)"), "\(result.stderr) lacks \(message)")
            XCTAssertTrue(result.stderr.hasSuffix("; nothing was imported\n"), result.stderr)
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)")
        }
        XCTAssertEqual(try cli.run(["export"]).stdout, before, "no bad file changed the index")
    }

    func testProgressIsShownOnATerminalOnly() throws {
        let script = "/usr/bin/script"
        guard FileManager.default.isExecutableFile(atPath: script) else { throw XCTSkip("needs script(1) for a terminal") }
        let lines = (1...1500).map { #"{"id":"i\#($0)","title":"Item \#($0)"}"# }.joined(separator: "\n") + "\n"
        let file = try write(lines, to: "many.jsonl")

        // script(1) runs the command on a pseudo-terminal and copies what it shows.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["-qec", "'\(cli.binary)' import '\(file)' --data-dir '\(cli.dataDirectory)'", "/dev/null"]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let shown = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, shown)
        XCTAssertTrue(shown.contains("\rchecked 1000/1500"), shown)
        XCTAssertTrue(shown.contains("\rimported 1000/1500"), shown)
        XCTAssertTrue(shown.contains("\rimported 1500/1500"), shown)
        XCTAssertTrue(shown.hasSuffix("imported 1500 items\r\n"), shown)

        // Piped, the same import shows no progress at all.
        let piped = try CLIRunner(root: root, name: "piped").run(["import", file])
        XCTAssertEqual(piped.stderr, "")
        XCTAssertEqual(piped.stdout, "imported 1500 items\n")
    }

    // MARK: Errors and help

    func testUsageErrorsExitTwoWithOneLine() throws {
        try importSample()
        let cases: [([String], String)] = [
            (["search"], "searchlight search: missing TERMS"),
            (["search", "pasta", "--limit", "0"], "searchlight search: --limit must be a whole number from 1 to 1000, got '0'"),
            (["search", "pasta", "--domain", "a..b"], "searchlight search: --domain must be a dot-separated domain"),
            (["search", "pasta", "--colour"], "searchlight search: unknown option '--colour'"),
            (["search", "pasta", "--matching-strategy", "most"], "searchlight search: --matching-strategy must be last, all or frequency, got 'most'"),
            (["query", "title =="], "searchlight query: invalid query: "),
            (["query", "title", "==", "x"], "searchlight query: give the query as one quoted argument"),
            (["query"], "searchlight query: missing QUERY"),
            (["import"], "searchlight import: missing FILE"),
            (["stats", "extra"], "searchlight stats: stats takes no arguments"),
            (["export", "out.jsonl"], "searchlight export: export takes no arguments"),
        ]
        for (arguments, message) in cases {
            let result = try cli.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix(message), "\(arguments): '\(result.stderr)' lacks '\(message)'")
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)")
            XCTAssertEqual(result.stdout, "")
        }
        let position = try cli.run(["query", #"title == "x" &&"#])
        XCTAssertTrue(position.stderr.contains("position"), position.stderr)
    }

    func testFailuresExitOne() throws {
        let noIndex = try cli.run(["search", "pasta"])
        XCTAssertEqual(noIndex.status, 1)
        XCTAssertEqual(noIndex.stderr, "searchlight search: no index in \(cli.dataDirectory) (index items with the app, or 'searchlight import FILE')\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: cli.dataDirectory), "reading commands create nothing")
        for command in [["stats"], ["export"], ["query", "title == \"x\""]] {
            XCTAssertEqual(try cli.run(command).status, 1, "\(command)")
        }
        let missing = try cli.run(["import", root + "/missing.jsonl"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "searchlight import: cannot read '\(root!)/missing.jsonl': no such file\n")
        let directory = try cli.run(["import", root!])
        XCTAssertEqual(directory.status, 1)
        XCTAssertTrue(directory.stderr.contains("it is a directory"), directory.stderr)
    }

    func testHelpIsGeneratedFromTheOptions() throws {
        let help = try cli.run(["search", "--help"], dataDir: false)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("usage: searchlight search TERMS…"), help.stdout)
        for option in ["--domain D", "--limit N", "--json", "--app-id ID", "--data-dir DIR"] {
            XCTAssertTrue(help.stdout.contains(option), "search --help lacks \(option)")
        }
        let top = try cli.run(["--help"], dataDir: false)
        for command in ["search", "query", "stats", "export", "import"] {
            XCTAssertTrue(top.lines.contains { $0.hasPrefix("  \(command) ") }, "--help lacks \(command)")
        }
        XCTAssertTrue(try cli.run(["import", "--help"], dataDir: false).stdout.contains("all or nothing"))
    }
}
