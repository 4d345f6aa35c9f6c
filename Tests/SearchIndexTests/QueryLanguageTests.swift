import Foundation
import XCTest

@testable import SearchIndex

/// The query language of SPEC §4, end to end: text → SQL → rows of a real SQLite `items` table.
final class QueryLanguageTests: XCTestCase {
    /// Sunday 2026-03-15 12:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_773_576_000)
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        calendar.firstWeekday = 2
        return calendar
    }()

    static func ms(_ date: Date) -> Double { (date.timeIntervalSince1970 * 1000).rounded() }
    static func ms(daysAgo days: Double) -> Double { ms(now) - days * 86_400_000 }

    private var database: QueryTestDatabase!

    override func setUpWithError() throws {
        database = try QueryTestDatabase()
        for row in Self.rows { try database.insert(row) }
    }

    override func tearDown() {
        database = nil
    }

    static let rows: [QueryTestRow] = [
        QueryTestRow(id: "person-brent", domain: "com.example.people", title: "Brent Simmons",
                     contentDescription: "Developer of NetNewsWire", keywords: #"["developer","Seattle"]"#,
                     displayName: "Brent", rankingHint: 30, created: ms(daysAgo: 2)),
        QueryTestRow(id: "podcast-brentshow", domain: "com.example.podcasts", title: "theBrentShow",
                     contentDescription: "A podcast", created: ms(daysAgo: 40)),
        QueryTestRow(id: "bakery-brentwood", domain: "com.example.places", title: "Brentwood Bakery",
                     contentDescription: "Bread in Brentwood", created: ms(now) - 3_600_000),
        QueryTestRow(id: "person-abrent", domain: "com.example.people", title: "Abrent Jones",
                     alternateNames: #"["A. Jones","Jonesy"]"#),
        QueryTestRow(id: "trail-dipsea", domain: "com.example.trails", title: "Dipsea Trail",
                     keywords: #"["Trail","hiking","Marin"]"#, created: ms(daysAgo: 1)),
        QueryTestRow(id: "trail-shoes", domain: "com.example.trails", title: "Trail running shoes",
                     keywords: #"["TRAIL running","gear"]"#),
        QueryTestRow(id: "trail-rando", domain: "com.example.trails", title: "Randonnée du Mont Blanc",
                     keywords: #"["trail"]"#, textContent: "Une longue randonnée alpine."),
        QueryTestRow(id: "paris-spring", domain: "com.example.travel", title: "Paris in Spring",
                     contentDescription: "Travel notes"),
        QueryTestRow(id: "paris-weekend", domain: "com.example.travel", title: "Weekend",
                     contentDescription: "A weekend in PARIS with friends"),
        QueryTestRow(id: "paris-cafe", domain: "com.example.travel", title: "Café de Flore",
                     contentDescription: "Historic café on the Left Bank, paris"),
        QueryTestRow(id: "cafe-lower", domain: "com.example.travel", title: "café"),
        QueryTestRow(id: "recipe-soup", domain: "com.example.recipes", title: "Onion soup", rankingHint: 80,
                     created: ms(daysAgo: 3),
                     attributes: #"{"cuisine":"Française","servings":4,"vegetarian":true,"tags":["quick","Vegan"],"rating":4.5}"#),
        QueryTestRow(id: "recipe-salad", domain: "com.example.recipes", title: "Greek salad", rankingHint: 40,
                     created: ms(daysAgo: 20),
                     attributes: #"{"cuisine":"Greek","servings":2,"vegetarian":false,"tags":["quick"],"title":"Horiatiki"}"#),
        QueryTestRow(id: "recipe-bread", domain: "com.example.recipes", title: "Sourdough bread",
                     created: ms(calendarDate: "2026-03-05T00:00:00Z")),
        QueryTestRow(id: "recipe-stew", domain: "com.example.recipes.winter", title: "Beef stew", rankingHint: 95,
                     created: ms(calendarDate: "2026-03-05T00:00:00Z") - 1),
        QueryTestRow(id: "math", domain: "com.example.notes", title: "5 * 3 = 15"),
        QueryTestRow(id: "math-x", domain: "com.example.notes", title: "5 x 3 = 15"),
        QueryTestRow(id: "quote", domain: "com.example.notes", title: #"say "hi""#),
        QueryTestRow(id: "path", domain: "com.example.notes", title: #"C:\Temp"#),
        QueryTestRow(id: "injection", domain: "com.example.notes", title: #"x" OR 1=1 --"#,
                     contentDescription: "'; DROP TABLE items; --"),
        QueryTestRow(id: "empty"),
    ]

    static func ms(calendarDate text: String) -> Double {
        ms(ISO8601DateFormatter().date(from: text)!)
    }

    private func ids(_ query: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        try database.ids(matching: QueryLanguage.compile(query, now: Self.now, calendar: Self.calendar))
    }

    private func assertIDs(_ query: String, _ expected: [String], file: StaticString = #filePath,
                           line: UInt = #line) throws {
        XCTAssertEqual(try ids(query), expected.sorted(), String(query.prefix(200)), file: file, line: line)
    }

    private func assertError(_ query: String, _ message: String, file: StaticString = #filePath,
                             line: UInt = #line) {
        XCTAssertThrowsError(try QueryLanguage.parse(query), query, file: file, line: line) { error in
            guard let error = error as? QueryLanguageError else {
                return XCTFail("not a QueryLanguageError: \(error)", file: file, line: line)
            }
            XCTAssertEqual(error.code, "E_INVALID_QUERY", file: file, line: line)
            XCTAssertEqual(error.message, message, query, file: file, line: line)
        }
    }

    // MARK: The SPEC §4 examples

    func testSpecExamples() throws {
        try assertIDs(#"title == "brent*"cd"#, ["person-brent", "bakery-brentwood"])
        try assertIDs(#"keywords == "trail"cd"#, ["trail-dipsea", "trail-rando"])
        try assertIDs(#"title == "*paris*"cd || contentDescription == "*paris*"cd"#,
                      ["paris-spring", "paris-weekend", "paris-cafe"])
        try assertIDs(#"(domainIdentifier == "com.example.recipes" && rankingHint > 50)"#, ["recipe-soup"])
        try assertIDs("InRange(contentCreationDate, $time.today(-10), $time.today)",
                      ["person-brent", "trail-dipsea", "recipe-soup", "recipe-bread"])
    }

    // MARK: Matching text

    func testWithoutModifiersMatchingIsExactAndCaseSensitive() throws {
        try assertIDs(#"title == "brent*""#, [])
        try assertIDs(#"title == "Brent*""#, ["person-brent", "bakery-brentwood"])
        try assertIDs(#"title == "Brent""#, [])
        try assertIDs(#"title == "Brent Simmons""#, ["person-brent"])
        try assertIDs(#"title == "*Trail""#, ["trail-dipsea"])
        try assertIDs(#"title == "*e*o*""#, ["person-brent", "podcast-brentshow", "bakery-brentwood",
                                               "person-abrent", "trail-rando", "paris-cafe"])
    }

    func testWordBasedMatchesAtWordStartsAndCaseChanges() throws {
        try assertIDs(#"title == "brent*"w"#, ["person-brent", "podcast-brentshow", "bakery-brentwood"])
        try assertIDs(#"title == "brent"w"#, ["person-brent", "podcast-brentshow"])
        try assertIDs(#"title == "show"w"#, ["podcast-brentshow"])
        try assertIDs(#"title == "rent*"w"#, [])
        try assertIDs(#"contentDescription == "left bank"w"#, ["paris-cafe"])
        try assertIDs(#"title == "cafe"wd"#, ["paris-cafe", "cafe-lower"])
    }

    func testTokenizedMatchesEachWordAnywhere() throws {
        try assertIDs(#"title == "Simmons Brent"t"#, ["person-brent"])
        try assertIDs(#"title == "simmons brent"t"#, [])
        try assertIDs(#"title == "simmons brent"tc"#, ["person-brent"])
        try assertIDs(#"title == "sho* trail"tc"#, ["trail-shoes"])
        try assertIDs(#"title == "trail"tc"#, ["trail-dipsea", "trail-shoes"])
        try assertIDs(#"textContent == "randonnee alpine"tcd"#, ["trail-rando"])
    }

    func testDiacriticInsensitive() throws {
        try assertIDs(#"title == "cafe"d"#, ["cafe-lower"])
        try assertIDs(#"title == "cafe""#, [])
        try assertIDs(#"title == "Cafe*"d"#, ["paris-cafe"])
        try assertIDs(#"title == "cafe*"d"#, ["cafe-lower"])
        try assertIDs(#"title == "cafe*"cd"#, ["paris-cafe", "cafe-lower"])
        try assertIDs(#"title == "CAFÉ DE FLORE"c"#, ["paris-cafe"])
        try assertIDs(#"title == "Cafe\u{301} de Flore""#.replacingOccurrences(of: "\\u{301}", with: "\u{301}"),
                      ["paris-cafe"])
        try assertIDs(#"title == "*randonnee*"cd"#, ["trail-rando"])
    }

    func testEscapesMatchLiteralCharacters() throws {
        try assertIDs(#"title == "5 \* 3*""#, ["math"])
        try assertIDs(#"title == "5 * 3*""#, ["math", "math-x"])
        try assertIDs(#"title == "say \"hi\"""#, ["quote"])
        try assertIDs(#"title == "C:\\Temp""#, ["path"])
        try assertIDs(#"title == "C:\\*""#, ["path"])
    }

    func testArraysMatchWhenAnyElementMatches() throws {
        try assertIDs(#"keywords == "hiking""#, ["trail-dipsea"])
        try assertIDs(#"keywords == "TRAIL*""#, ["trail-shoes"])
        try assertIDs(#"alternateNames == "jones*"c"#, ["person-abrent"])
        try assertIDs(#"keywords != "trail"c"#, ["person-brent", "trail-shoes"])
    }

    func testAnyTextAttribute() throws {
        try assertIDs(#"* == "*netnewswire*"c"#, ["person-brent"])
        try assertIDs(#"* == "hiking""#, ["trail-dipsea"])
        try assertIDs(#"* == "jonesy""#, [])
        try assertIDs(#"* == "jonesy"c"#, ["person-abrent"])
        try assertIDs(#"* == "vegan"c"#, ["recipe-soup"])
        try assertIDs(#"* == "*paris*"cd"#, ["paris-spring", "paris-weekend", "paris-cafe"])
    }

    func testTextOrderingAndRanges() throws {
        try assertIDs(#"InRange(title, "a"c, "c"c)"#, ["person-brent", "bakery-brentwood", "person-abrent",
                                                        "recipe-stew"])
        try assertIDs(#"title < "B""#, ["math", "math-x", "person-abrent"])
        try assertIDs(#"domainIdentifier >= "com.example.recipes" && domainIdentifier < "com.example.recipf""#,
                      ["recipe-soup", "recipe-salad", "recipe-bread", "recipe-stew"])
    }

    func testChineseAndJapaneseWordsAreSingleCharacters() throws {
        try database.insert(QueryTestRow(id: "news", title: "腾讯新闻"))
        try database.insert(QueryTestRow(id: "books", title: "オーディオブック"))
        try database.insert(QueryTestRow(id: "greek", title: "ΟΔΟΣ Αθηνάς"))
        try assertIDs(#"title == "新闻"w"#, ["news"])
        try assertIDs(#"title == "新"w"#, ["news"])
        try assertIDs(#"title == "新闻""#, [])
        try assertIDs(#"title == "ブック"w"#, ["books"])
        try assertIDs(#"title == "οδος αθηνας"cd"#, ["greek"])
        try assertIDs(#"title == "αθην*"wd"#, ["greek"])
    }

    /// The folding table made in one Foundation call holds what folding each scalar
    /// on its own gives, under every folding.
    func testFoldingTableMatchesScalarByScalarFolding() {
        for caseInsensitive in [false, true] {
            for diacriticInsensitive in [false, true] {
                let folding = TextFolding(caseInsensitive: caseInsensitive, diacriticInsensitive: diacriticInsensitive)
                guard let fast = FoldingTable.buildInOneCall(folding) else {
                    XCTFail("c=\(caseInsensitive) d=\(diacriticInsensitive): the one-call folding did not split into one piece per scalar")
                    continue
                }
                let slow = FoldingTable.buildOneByOne(folding)
                XCTAssertEqual(fast.count, FoldingTable.limit)
                for value in 0 ..< FoldingTable.limit where fast[value] != slow[value] {
                    XCTFail("U+\(String(value, radix: 16)) c=\(caseInsensitive) d=\(diacriticInsensitive): \(fast[value]) != \(slow[value])")
                }
            }
        }
    }

    /// The byte-level fast path and Foundation must fold every string the same way.
    func testFastFoldingAgreesWithFoundation() {
        var samples = ["Café", "e\u{301}cole", "ÅNGSTRÖM straße", "İstanbul", "ΟΔΟΣ ς σ", "Привет Мир",
                       "עִבְרִית", "腾讯新闻", "ブック", "Ǆemal", "ﬁne", "K", "\u{37E}", "x\u{300}"]
        var chunk = ""
        for value in 0x80 ..< 0x800 {
            chunk.unicodeScalars.append(Unicode.Scalar(UInt32(value))!)
            if value % 16 == 0 {
                samples.append(chunk)
                chunk = "a"
            }
        }
        for caseInsensitive in [false, true] {
            for diacriticInsensitive in [false, true] {
                let folding = TextFolding(caseInsensitive: caseInsensitive, diacriticInsensitive: diacriticInsensitive)
                for sample in samples {
                    XCTAssertEqual(folding.fold(sample), folding.foldSlow(sample),
                                   "\(sample.unicodeScalars.map { String($0.value, radix: 16) }) c=\(caseInsensitive) d=\(diacriticInsensitive)")
                    var copy = sample
                    let words = copy.withUTF8 { folding.foldWords($0) }
                    XCTAssertEqual(words.bytes, folding.foldSlow(sample), sample)
                }
            }
        }
    }

    // MARK: Numbers, dates, custom attributes

    func testNumbersAndMissingValues() throws {
        try assertIDs("rankingHint > 50", ["recipe-soup", "recipe-stew"])
        try assertIDs("rankingHint >= 40 && rankingHint <= 80.0", ["recipe-soup", "recipe-salad"])
        try assertIDs("rankingHint == 3e1", ["person-brent"])
        try assertIDs("rankingHint > -1.5E2", ["person-brent", "recipe-soup", "recipe-salad", "recipe-stew"])
        // A missing attribute matches neither == nor !=.
        try assertIDs("rankingHint != 80", ["person-brent", "recipe-salad", "recipe-stew"])
        try assertIDs(#"contentDescription != "A podcast""#,
                      ["person-brent", "bakery-brentwood", "paris-spring", "paris-weekend", "paris-cafe",
                       "injection"])
    }

    func testDates() throws {
        try assertIDs("contentCreationDate > $time.now(-7200)", ["bakery-brentwood"])
        try assertIDs("contentCreationDate >= $time.yesterday", ["trail-dipsea", "bakery-brentwood"])
        try assertIDs(#"contentCreationDate == $time.iso("2026-03-05T00:00:00Z")"#, ["recipe-bread"])
        try assertIDs(#"contentCreationDate == $time.iso("2026-03-05T01:00:00+01:00")"#, ["recipe-bread"])
        try assertIDs("contentCreationDate < \(Int64(Self.ms(daysAgo: 30)))", ["podcast-brentshow"])
        try assertIDs("InRange(contentCreationDate, $time.this_month(-1), $time.this_week)",
                      ["podcast-brentshow", "recipe-salad", "recipe-bread", "recipe-stew"])
    }

    func testTimeResolution() throws {
        func resolved(_ time: String) throws -> QueryBinding? {
            try QueryLanguage.compile("expirationDate == \(time)", now: Self.now, calendar: Self.calendar).bindings.last
        }
        func at(_ iso: String) -> QueryBinding { .real(Self.ms(calendarDate: iso)) }
        XCTAssertEqual(try resolved("$time.now"), at("2026-03-15T12:00:00Z"))
        XCTAssertEqual(try resolved("$time.now(-3600)"), at("2026-03-15T11:00:00Z"))
        XCTAssertEqual(try resolved("$time.today"), at("2026-03-15T00:00:00Z"))
        XCTAssertEqual(try resolved("$time.today(-10)"), at("2026-03-05T00:00:00Z"))
        XCTAssertEqual(try resolved("$time.yesterday"), at("2026-03-14T00:00:00Z"))
        XCTAssertEqual(try resolved("$time.this_week"), at("2026-03-09T00:00:00Z"))
        XCTAssertEqual(try resolved("$time.this_week(1)"), at("2026-03-16T00:00:00Z"))
        XCTAssertEqual(try resolved("$time.this_month"), at("2026-03-01T00:00:00Z"))
        XCTAssertEqual(try resolved("$time.this_month(-1)"), at("2026-02-01T00:00:00Z"))
        XCTAssertEqual(try resolved("$time.this_year"), at("2026-01-01T00:00:00Z"))
        XCTAssertEqual(try resolved("$time.this_year(-2)"), at("2024-01-01T00:00:00Z"))
        XCTAssertEqual(try resolved(#"$time.iso("2026-01-31")"#), at("2026-01-31T00:00:00Z"))
        XCTAssertEqual(try resolved(#"$time.iso("2026-01-31T10:20:30.5Z")"#),
                       .real(Self.ms(calendarDate: "2026-01-31T10:20:30Z") + 500))

        var paris = Self.calendar
        paris.timeZone = TimeZone(identifier: "Europe/Paris")!
        let today = try QueryLanguage.compile("expirationDate == $time.today", now: Self.now, calendar: paris)
        XCTAssertEqual(today.bindings, [at("2026-03-14T23:00:00Z")])
    }

    func testCustomAttributes() throws {
        try assertIDs(#"cuisine == "francaise"cd"#, ["recipe-soup"])
        try assertIDs(#"cuisine == "Greek""#, ["recipe-salad"])
        try assertIDs("servings >= 4", ["recipe-soup"])
        try assertIDs("servings == 2", ["recipe-salad"])
        try assertIDs("servings != 4", ["recipe-salad"])
        try assertIDs("rating > 4.2", ["recipe-soup"])
        try assertIDs("InRange(servings, 1, 3)", ["recipe-salad"])
        try assertIDs("vegetarian == true", ["recipe-soup"])
        try assertIDs("vegetarian == false", ["recipe-salad"])
        try assertIDs("vegetarian != true", ["recipe-salad"])
        try assertIDs(#"tags == "vegan"c"#, ["recipe-soup"])
        try assertIDs(#"tags == "quick""#, ["recipe-soup", "recipe-salad"])
        try assertIDs(#"tags != "vegan"c"#, ["recipe-salad"])
        try assertIDs(#"servings == "4""#, [])
        try assertIDs(#"unknownThing == "x" || unknownThing != "x""#, [])
        // attributes.NAME reaches a custom attribute whose name is also a built-in one.
        try assertIDs(#"attributes.title == "Horiatiki""#, ["recipe-salad"])
        try assertIDs(#"title == "Horiatiki""#, [])
    }

    // MARK: Safety

    func testInjectionLookingValuesStayValues() throws {
        try assertIDs(#"title == "x\" OR 1=1 --""#, ["injection"])
        try assertIDs(#"contentDescription == "'; DROP TABLE items; --""#, ["injection"])
        try assertIDs(#"title == "' OR '1'='1""#, [])
        try assertIDs(#"x1 == "') OR 1=1; --""#, [])
        let compiled = try QueryLanguage.compile(#"title == "'; DROP TABLE items; --"cd"#, now: Self.now,
                                                 calendar: Self.calendar)
        XCTAssertFalse(compiled.sql.contains("DROP"), compiled.sql)
        try assertIDs(#"title == "'; DROP TABLE items; --"cd"#, [])
        XCTAssertEqual(try database.count(), Self.rows.count)
    }

    func testLongChainsStayWithinSQLiteLimits() throws {
        let alternatives = (0 ..< 1000).map { #"uniqueIdentifier == "id-\#($0)""# }
        let query = alternatives.joined(separator: " || ") + #" || uniqueIdentifier == "math""#
        XCTAssertThrowsError(try QueryLanguage.parse(query))
        let accepted = alternatives.dropLast().joined(separator: " || ") + #" || uniqueIdentifier == "math""#
        try assertIDs(accepted, ["math"])
        let conjunction = Array(repeating: #"title == "*a*"c"#, count: 999).joined(separator: " && ")
        try assertIDs(conjunction, ["bakery-brentwood", "person-abrent", "trail-dipsea", "trail-shoes",
                                    "trail-rando", "paris-spring", "paris-cafe", "cafe-lower", "recipe-salad",
                                    "recipe-bread", "quote"])
    }

    // MARK: The parsed form

    func testAndBindsTighterThanOr() throws {
        let expression = try QueryLanguage.parse(#"a == 1 || b == "x"c && c >= 2.5"#)
        XCTAssertEqual(expression, .or([
            .comparison(.custom("a"), .equal, .integer(1)),
            .and([
                .comparison(.custom("b"), .equal, .text(QueryText(literal: "x", modifiers: .caseInsensitive))),
                .comparison(.custom("c"), .greaterOrEqual, .real(2.5)),
            ]),
        ]))
        let grouped = try QueryLanguage.parse(#"(a == 1 || b == 2) && * == "p*x\*""#)
        XCTAssertEqual(grouped, .and([
            .or([.comparison(.custom("a"), .equal, .integer(1)), .comparison(.custom("b"), .equal, .integer(2))]),
            .comparison(.anyText, .equal, .text(QueryText(pieces: [.literal("p"), .wildcard, .literal("x*")]))),
        ]))
        XCTAssertEqual(try QueryLanguage.parse("InRange(contentCreationDate, -1, $time.now(-1.5))"),
                       .inRange(.contentCreationDate, low: .integer(-1), high: .time(.now(offsetSeconds: -1.5))))
    }

    func testPrintedQueriesParseBack() throws {
        let queries = [
            #"title == "brent*"cd"#,
            #"(domainIdentifier == "com.example.recipes" && rankingHint > 50)"#,
            "InRange(contentCreationDate, $time.today(-10), $time.today)",
            #"a == 1 || (b == "x\"y\\z\*"cdwt && (c >= -2.5e-3 || d != true)) || * == "*""#,
            #"attributes.title == "Horiatiki" && attributes.2fa == false && x < $time.now(-1.5)"#,
            #"expirationDate <= $time.iso("2026-01-31T00:00:00+02:00") && y > $time.this_year(3)"#,
            "z == 1e300 && w == 12345678901234",
        ]
        for query in queries {
            let parsed = try QueryLanguage.parse(query)
            XCTAssertEqual(try QueryLanguage.parse(parsed.description), parsed, "\(query) → \(parsed)")
        }
        XCTAssertEqual(try QueryLanguage.parse(#"title=="a\*"c&&(n==1||n==2)"#).description,
                       #"title == "a\*"c && (n == 1 || n == 2)"#)
    }

    // MARK: Errors

    func testErrorsNameThePositionAndTheExpectation() {
        assertError("title == ", "expected a value after '==' at position 9")
        assertError("title ==", "expected a value after '==' at position 8")
        assertError(#"title = "x""#, "expected '==' (a single '=' is not an operator) at position 6")
        assertError(#"title == "abc"#, "expected '\"' to close the string that starts at position 9 at position 13")
        assertError(#"(title == "a""#, "expected '&&', '||' or ')' to close the '(' at position 0 at position 13")
        assertError(#"title == "a"x"#, "unknown modifier 'x' (expected c, d, w or t) at position 12")
        assertError(#"title == "a" &&"#, "expected an attribute name, '*', 'InRange(' or '(' at position 15")
        assertError(#"title == "a" title == "b""#,
                    "expected '&&', '||' or the end of the query but found 'title' at position 13")
        assertError(#"title "a""#,
                    "expected an operator (==, !=, <, >, <=, >=) after 'title' but found a quoted string at position 6")
        assertError(#"rankingHint > "high""#, "rankingHint holds a number; expected a number at position 14")
        assertError("title == 3", "title holds text; expected a quoted string at position 9")
        assertError(#"title < "a*""#, "'*' wildcards work only with == and != (write \\* for a literal star) at position 8")
        assertError(#"title == "a\n""#, #"expected '*', '"' or '\' after '\' (the escapes are \*, \" and \\) at position 11"#)
        assertError("", "expected a comparison such as title == \"word\" (the query is empty) at position 0")
        assertError("rankingHint > 1.", "expected a digit after '.' at position 16")
        assertError("rankingHint > 1e", "expected the digits of an exponent at position 16")
        assertError("rankingHint > 1e999", "the number 1e999 is out of range at position 14")
        assertError("contentCreationDate > $time.tomorrow",
                    "unknown date '$time.tomorrow' (expected now, today, yesterday, this_week, this_month, "
                        + "this_year or iso) at position 22")
        assertError("contentCreationDate > $time.today(1.5)",
                    "the offset of $time.today must be a whole number of days between -4000000 and 4000000 at position 34")
        assertError(#"contentCreationDate > $time.iso("31/01/2026")"#,
                    #"expected an ISO-8601 date like "2026-01-31T00:00:00Z" in $time.iso at position 32"#)
        assertError(#"contentCreationDate > $time.iso("2026-02-30")"#,
                    #"expected an ISO-8601 date like "2026-01-31T00:00:00Z" in $time.iso at position 32"#)
        assertError(#"InRange(rankingHint, 1 2)"#, "expected ',' after the low end of InRange but found a number at position 23")
        assertError(#"InRange(title, "a", 5)"#, "title holds text; expected a quoted string at position 20")
        assertError("my-field == 1", "expected a digit after '-' at position 3")
        assertError("attributes.bad.name == 1",
                    "'attributes.bad.name' is not an attribute name (custom attributes are [A-Za-z0-9_]+, or attributes.NAME) at position 0")
        assertError("title == \"a\" # x", "unexpected character '#' at position 13")
        // Positions count UTF-16 code units, as JavaScript string indices do.
        assertError(#"title == "😀" &&"#, "expected an attribute name, '*', 'InRange(' or '(' at position 16")
    }

    func testHostileInputIsACodedErrorNotACrash() {
        assertError("title == \"a\u{0}\"", "a query may not contain a NUL character at position 11")
        let long = #"title == ""# + String(repeating: "a", count: 70_000) + "\""
        assertError(long, "the query is longer than 65536 characters at position 65536")
        let deep = String(repeating: "(", count: 40) + "a == 1" + String(repeating: ")", count: 40)
        assertError(deep, "parentheses are nested deeper than 32 levels at position 32")
        let many = Array(repeating: "a == 1", count: 1001).joined(separator: " && ")
        assertError(many, "a query may hold at most 1000 comparisons at position 10000")
        for garbage in ["((((", "))", "&&", "||", "==", "\"", "\\", "$", "$time.", "InRange(", "InRange(a,",
                        "* ==", "title == $time.now(", "a == -", "😀", "\u{FEFF}", "a == \"*\"cdwtcdwt"] {
            do {
                _ = try QueryLanguage.compile(garbage, now: Self.now, calendar: Self.calendar)
            } catch let error as QueryLanguageError {
                XCTAssertEqual(error.code, "E_INVALID_QUERY", garbage)
                XCTAssertNotNil(error.position, garbage)
            } catch {
                XCTFail("\(garbage): \(error)")
            }
        }
    }

    /// Random queries from the grammar, some with a token broken: every one either
    /// compiles and runs in SQLite, or is a coded error whose position lies inside the text.
    func testRandomQueriesNeverCrashOrBreakTheSQL() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func pick(_ options: [String]) -> String { options[random(options.count)] }
        let attributes = ["title", "keywords", "*", "servings", "tags", "vegetarian", "rankingHint",
                          "contentCreationDate", "attributes.title", "domainIdentifier", "alternateNames"]
        let values = [#""brent*"cd"#, #""*a*"w"#, #""x y"t"#, #""\*""#, #""é"d"#, #""""#, "42", "-1.5e3", "true",
                      "$time.now", "$time.today(-1)", #"$time.iso("2026-01-01")"#, #""it's""#, #""*""#]
        let operators = ["==", "!=", "<", ">=", "<=", ">"]
        func expression(_ depth: Int) -> String {
            switch random(depth > 2 ? 2 : 5) {
            case 0: return "\(pick(attributes)) \(pick(operators)) \(pick(values))"
            case 1: return "InRange(\(pick(attributes)), \(pick(values)), \(pick(values)))"
            case 2: return "(\(expression(depth + 1)))"
            case 3: return "\(expression(depth + 1)) && \(expression(depth + 1))"
            default: return "\(expression(depth + 1)) || \(expression(depth + 1))"
            }
        }
        let breakers = ["(", ")", ",", "&&", "\"", "\\", "=", "😀", "$time.", "InRange(", ""]
        var compiled = 0
        for _ in 0 ..< 2000 {
            var query = expression(0)
            if random(3) == 0 {
                var scalars = Array(query.unicodeScalars)
                let at = random(scalars.count + 1)
                let cut = min(scalars.count, at + random(3))
                scalars.replaceSubrange(at ..< cut, with: pick(breakers).unicodeScalars)
                query = String(String.UnicodeScalarView(scalars))
            }
            do {
                let result = try QueryLanguage.compile(query, now: Self.now, calendar: Self.calendar)
                _ = try database.ids(matching: result)
                XCTAssertEqual(try QueryLanguage.parse(QueryLanguage.parse(query).description),
                               try QueryLanguage.parse(query), query)
                compiled += 1
            } catch let error as QueryLanguageError {
                XCTAssertEqual(error.code, "E_INVALID_QUERY", query)
                let position = try XCTUnwrap(error.position, query)
                XCTAssertTrue((0 ... query.utf16.count).contains(position), "\(query): \(error.message)")
            }
        }
        XCTAssertGreaterThan(compiled, 200)
    }

    func testExpressionsBuiltInCodeAreChecked() {
        let invalid: [QueryExpression] = [
            .comparison(.rankingHint, .equal, .text(QueryText(literal: "x"))),
            .comparison(.custom("no spaces"), .equal, .integer(1)),
            .and([]),
            .inRange(.custom("n"), low: .integer(1), high: .text(QueryText(literal: "x"))),
        ]
        for expression in invalid {
            XCTAssertThrowsError(try QueryLanguage.compile(expression, now: Self.now, calendar: Self.calendar)) {
                XCTAssertEqual(($0 as? QueryLanguageError)?.code, "E_INVALID_QUERY")
            }
        }
    }
}

/// One row of the `items` table of the index schema, as the tests insert it.
struct QueryTestRow {
    var id: String
    var domain: String?
    var title: String?
    var contentDescription: String?
    var keywords: String?
    var displayName: String?
    var alternateNames: String?
    var textContent: String?
    var rankingHint: Double?
    var created: Double?
    var attributes: String?

    init(id: String, domain: String? = nil, title: String? = nil, contentDescription: String? = nil,
         keywords: String? = nil, displayName: String? = nil, alternateNames: String? = nil,
         textContent: String? = nil, rankingHint: Double? = nil, created: Double? = nil,
         attributes: String? = nil) {
        self.id = id
        self.domain = domain
        self.title = title
        self.contentDescription = contentDescription
        self.keywords = keywords
        self.displayName = displayName
        self.alternateNames = alternateNames
        self.textContent = textContent
        self.rankingHint = rankingHint
        self.created = created
        self.attributes = attributes
    }
}

/// An in-memory SQLite database with the index's `items` table and the query functions registered.
final class QueryTestDatabase {
    private let connection: Connection

    init() throws {
        connection = try Connection(path: ":memory:", create: true)
        for function in QueryLanguage.functions { try connection.register(function) }
        try execute("""
            CREATE TABLE items (
                rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, domain TEXT, title TEXT,
                content_description TEXT, keywords TEXT, content_type TEXT, display_name TEXT,
                alternate_names TEXT, text_content TEXT, url TEXT, ranking_hint REAL,
                content_creation_date REAL, content_modification_date REAL, expiration_date REAL,
                attributes TEXT)
            """)
    }

    func execute(_ sql: String) throws {
        try connection.execute(sql)
    }

    func insert(_ row: QueryTestRow) throws {
        let texts: [String?] = [row.id, row.domain, row.title, row.contentDescription, row.keywords,
                                row.displayName, row.alternateNames, row.textContent]
        var bindings = texts.map { $0.map(QueryBinding.text) ?? .null }
        bindings.append(row.rankingHint.map(QueryBinding.real) ?? .null)
        bindings.append(row.created.map(QueryBinding.real) ?? .null)
        bindings.append(row.attributes.map(QueryBinding.text) ?? .null)
        try connection.prepare("""
            INSERT INTO items (id, domain, title, content_description, keywords, display_name,
                alternate_names, text_content, ranking_hint, content_creation_date, attributes)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).bind(CompiledQuery(sql: "", bindings: bindings).values).run()
    }

    /// The sorted ids of the rows the compiled query matches.
    func ids(matching query: CompiledQuery) throws -> [String] {
        let statement = try connection.prepare("SELECT id FROM items WHERE \(query.sql)")
        XCTAssertEqual(Int(statement.parameterCount), query.bindings.count)
        statement.bind(query.values)
        var ids: [String] = []
        while try statement.step() { ids.append(statement.text(0) ?? "") }
        return ids.sorted()
    }

    func count() throws -> Int {
        Int(try connection.scalarInt("SELECT count(*) FROM items") ?? 0)
    }
}
