import SearchIndex
import SystemSearch
import XCTest

/// `org.gnome.Shell.SearchProvider2`, called by a real client (`gdbus call`) the way
/// GNOME Shell calls it, answered from a real index.
final class GNOMEShellProviderTests: ProviderTestCase {
    private let interface = "org.gnome.Shell.SearchProvider2"

    private func initial(_ terms: String) throws -> [String] {
        try provider.call(interface, "GetInitialResultSet", terms)[0].strings
    }

    func testInitialResultSetHoldsItemsMatchingEveryTermFirst() throws {
        XCTAssertEqual(Set(try initial("['pad']")), ["food-1", "food-3"])
        // Too few match every term: the last is dropped (the system search's matching
        // strategy is `last`), and the items matching every term come first.
        XCTAssertEqual(try initial("['pad', 'thai']"), ["food-1", "food-3"])
        XCTAssertEqual(try initial("['THAI', 'gre']"), ["food-2", "food-1"], "case does not matter; the last term is a prefix")
        XCTAssertEqual(Set(try initial("['pad', 'curry']")), ["food-1", "food-3"], "no dish is both: the pads")
        XCTAssertEqual(try initial("['curry', 'zzyzx']"), ["food-2"], "a term matching nothing is dropped")
    }

    func testSubsearchNarrowsThePreviousResults() throws {
        let narrowed = try provider.call(interface, "GetSubsearchResultSet", "['food-1', 'food-3']", "['pad', 'see']")
        XCTAssertEqual(narrowed[0].strings, ["food-3", "food-1"], "Pad See Ew first, then the other pad")
        // Thai Green Curry matches 'thai' but was not among the previous results.
        let kept = try provider.call(interface, "GetSubsearchResultSet", "['food-1', 'food-3']", "['thai']")
        XCTAssertEqual(kept[0].strings, ["food-1"])
    }

    func testResultMetasDescribeEachShownItem() throws {
        let reply = try provider.call(interface, "GetResultMetas", "['food-1', 'food-2', 'no-such-id']")
        XCTAssertEqual(reply.typeString, "(aa{sv})")
        let metas = reply[0]
        XCTAssertEqual(metas.count, 2, "an unknown id gets no meta")

        let padThai = metas[0]
        XCTAssertEqual(padThai.lookup("id")?.string, "food-1")
        XCTAssertEqual(padThai.lookup("name")?.string, "Pad Thai")
        XCTAssertEqual(padThai.lookup("description")?.string, "Rice noodles with peanuts")
        XCTAssertEqual(padThai.lookup("clipboardText")?.string, "https://foods.example/1")
        let thumbnail = try XCTUnwrap(try index.systemSearchMetas(ids: ["food-1"]).first?.thumbnailPath)
        XCTAssertTrue(FileManager.default.fileExists(atPath: thumbnail))
        XCTAssertEqual(padThai.lookup("icon")?.fileIconPath, thumbnail, "the thumbnail travels as a serialized GFileIcon")

        XCTAssertEqual(padThai.lookup("gicon")?.string, thumbnail, "older shells read the icon's string form")

        let curry = metas[1]
        XCTAssertEqual(curry.lookup("id")?.string, "food-2")
        XCTAssertEqual(curry.lookup("clipboardText")?.string, "Thai Green Curry")
        XCTAssertEqual(curry.lookup("icon")?.themedIconNames?.first, "system-search", "without a thumbnail: the app's icon")
        XCTAssertTrue(curry.lookup("gicon")?.string.contains("system-search") == true)
    }

    func testAResultWithoutAThumbnailShowsTheAppsIcon() throws {
        let iconFile = NSTemporaryDirectory() + "searchlight-app-icon-\(UUID().uuidString).png"
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: iconFile))
        defer { try? FileManager.default.removeItem(atPath: iconFile) }
        for (icon, check) in [(AppIcon.named("accessories-dictionary"), { (meta: ParsedVariant) in
                                  XCTAssertEqual(meta.lookup("icon")?.themedIconNames?.first, "accessories-dictionary") }),
                              (AppIcon.file(iconFile), { (meta: ParsedVariant) in
                                  XCTAssertEqual(meta.lookup("icon")?.fileIconPath, iconFile) })] {
            let recorder = recorder
            let named = try SearchProviderService(appID: "org.example.Iconic", source: IndexSystemSearchSource(index: index),
                                                  icon: icon) { recorder.record($0) }
            try named.start(context: loop.context, busAddress: bus.address)
            defer { named.stop() }
            let client = GDBusClient(busAddress: bus.address, busName: "org.example.Iconic", objectPath: "/org/example/Iconic/SearchProvider")
            let metas = try client.call(interface, "GetResultMetas", "['food-2', 'food-1']")[0]
            check(metas[0])
            XCTAssertNotNil(metas[1].lookup("icon")?.fileIconPath, "a thumbnail still wins")
            XCTAssertNotEqual(metas[1].lookup("icon")?.fileIconPath, iconFile)
        }
    }

    func testActivateResultAsksTheAppToOpenTheItemWithTheTimestamp() throws {
        _ = try provider.call(interface, "ActivateResult", "food-3", "['pad', 'see']", "uint32 1234")
        XCTAssertEqual(received, [.open(id: "food-3", timestamp: 1234)])
    }

    func testOpeningAResultCountsOneEngagement() throws {
        // Two dishes that tie on every rule before engagement (SPEC §5: field, coverage
        // and the ranking hint decide first); the second, opened, moves up.
        _ = try index.indexItems([
            SearchableItem(id: "soup-a", attributes: SearchableItemAttributeSet(title: "Noodle Soup")),
            SearchableItem(id: "soup-b", attributes: SearchableItemAttributeSet(title: "Noodle Soup")),
        ])
        // (The noodle dishes that are no soups follow them.)
        let before = try initial("['noodle', 'soup']")
        XCTAssertEqual(before.prefix(2), ["soup-a", "soup-b"], "a tie falls to the identifier")
        for _ in 0..<3 { _ = try provider.call(interface, "ActivateResult", "soup-b", "['noodle', 'soup']", "uint32 1") }
        XCTAssertEqual(try initial("['noodle', 'soup']").prefix(2), ["soup-b", "soup-a"], "opened from the desktop, it moves up")
        // Engagement never outweighs an earlier rule: Pad Thai covers more of its title.
        for _ in 0..<3 { _ = try provider.call(interface, "ActivateResult", "food-3", "['pad']", "uint32 1") }
        XCTAssertEqual(try initial("['pad']"), ["food-1", "food-3"])
    }

    func testAnActivityOpensTheItemItIsAbout() throws {
        try viewCurry()
        try index.setIndexingPreference(.viewedRecords)
        let results = try initial("['curry']")
        XCTAssertEqual(results.count, 1)
        let activity = try XCTUnwrap(results.first)
        XCTAssertNotEqual(activity, "food-2", "only the viewed record is served, not the item")
        _ = try provider.call(interface, "ActivateResult", activity, "['curry']", "uint32 7")
        XCTAssertEqual(received, [.open(id: "food-2", timestamp: 7,
                                            activity: ViewedActivity(activityType: "org.example.foods.view", userInfo: ["night": .string("friday")]))],
                       "the viewed record's type and userInfo come with it")
    }

    func testLaunchSearchAsksTheAppToContinueTheTermsJoinedBySpaces() throws {
        _ = try provider.call(interface, "LaunchSearch", "['pad', 'thai']", "uint32 99")
        XCTAssertEqual(received, [.continueSearch(text: "pad thai", timestamp: 99)])
    }

    func testExpiredItemsNeverAppear() throws {
        XCTAssertEqual(try initial("['expired']"), [])
        XCTAssertFalse(try initial("['thai']").contains("food-4"))
        XCTAssertEqual(try provider.call(interface, "GetSubsearchResultSet", "['food-4']", "['special']")[0].strings, [])
        XCTAssertEqual(try provider.call(interface, "GetResultMetas", "['food-4']")[0].count, 0)
    }

    func testTheIndexingPreferenceDecidesWhatIsServed() throws {
        try viewCurry()
        try index.setIndexingPreference(.viewedRecords)
        XCTAssertEqual(try initial("['pad']"), [], "items stay in the app under viewedRecords")
        XCTAssertEqual(try provider.call(interface, "GetResultMetas", "['food-1']")[0].count, 0)

        try index.setIndexingPreference(.disabled)
        XCTAssertEqual(try initial("['curry']"), [], "nothing is served when disabled")
        XCTAssertEqual(try provider.call(interface, "GetResultMetas", "['food-1', 'food-2']")[0].count, 0)
        XCTAssertEqual(try index.search("pad", domains: nil, limit: 10).hits.count, 2, "in-app search still finds the items")
    }

    func testASourceErrorReachesTheCallerWithItsCode() throws {
        // A source standing for an index that cannot be read (the real index offers no
        // way to make it fail on demand).
        struct Unreadable: SystemSearchSource {
            func systemSearch(terms: [String], limit: Int) throws -> [SystemSearchHit] {
                throw SystemSearchError(code: "E_INDEX_UNAVAILABLE", message: "the index file is locked")
            }
            func systemSearchMetas(ids: [String]) throws -> [SystemSearchHit] { [] }
        }
        let broken = try makeService(source: Unreadable(), appID: "org.example.Broken")
        try broken.start(context: loop.context, busAddress: bus.address)
        defer { broken.stop() }
        let client = GDBusClient(busAddress: bus.address, busName: "org.example.Broken", objectPath: "/org/example/Broken/SearchProvider")
        XCTAssertThrowsError(try client.call(interface, "GetInitialResultSet", "['x']")) { error in
            XCTAssertTrue("\(error)".contains("org.searchlight.Error.E_INDEX_UNAVAILABLE"), "\(error)")
            XCTAssertTrue("\(error)".contains("the index file is locked"), "\(error)")
        }
    }

    func testTextThatDBusCannotCarryNeverLeavesBroken() throws {
        // An index written by an older version, which accepted a NUL in ids and text.
        struct OlderIndex: SystemSearchSource {
            let hits = [SystemSearchHit(id: "old\u{0}id", name: "Cut here"),
                        SystemSearchHit(id: "old-ok", name: "Tab\u{0}Title", description: "a\u{0}b")]
            func systemSearch(terms: [String], limit: Int) throws -> [SystemSearchHit] { hits }
            func systemSearchMetas(ids: [String]) throws -> [SystemSearchHit] { hits.filter { ids.contains($0.id) } }
        }
        let older = try makeService(source: OlderIndex(), appID: "org.example.Older")
        try older.start(context: loop.context, busAddress: bus.address)
        defer { older.stop() }
        let client = GDBusClient(busAddress: bus.address, busName: "org.example.Older", objectPath: "/org/example/Older/SearchProvider")
        XCTAssertEqual(try client.call(interface, "GetInitialResultSet", "['x']")[0].strings, ["old-ok"],
                       "an id with a NUL would arrive cut ('old') and open another item: it is not served")
        let meta = try client.call(interface, "GetResultMetas", "['old-ok']")[0][0]
        XCTAssertEqual(meta.lookup("name")?.string, "Tab\u{FFFD}Title")
        XCTAssertEqual(meta.lookup("description")?.string, "a\u{FFFD}b")
        let matches = try client.call("org.kde.krunner1", "Match", "'x'")[0]
        XCTAssertEqual(matches.count, 1)
        XCTAssertEqual(matches[0][0].string, "old-ok")
        XCTAssertEqual(matches[0][1].string, "Tab\u{FFFD}Title")
    }

    func testASecondServiceForTheSameAppSaysTheNameIsTaken() throws {
        let second = try makeService(source: IndexSystemSearchSource(index: index))
        XCTAssertThrowsError(try second.start(context: loop.context, busAddress: bus.address)) { error in
            let error = error as? SystemSearchError
            XCTAssertEqual(error?.code, SystemSearchError.nameTaken)
            XCTAssertEqual(error?.message.contains("another process already owns org.example.Foods"), true, "\(String(describing: error))")
        }
        // The first one still answers.
        XCTAssertEqual(try initial("['pad', 'thai']").first, "food-1")
    }

    func testAStoppedServiceReleasesItsName() throws {
        service.stop()
        XCTAssertThrowsError(try initial("['pad']"))
        let again = try makeService(source: IndexSystemSearchSource(index: index))
        try again.start(context: loop.context, busAddress: bus.address)
        defer { again.stop() }
        XCTAssertEqual(try initial("['pad', 'thai']").first, "food-1")
    }
}
