import Foundation
import SystemSearch
import XCTest

/// A test with a private bus, a GLib loop thread and a ``SearchProviderService``
/// exported on it for the FoodBuds-like items below; requests are recorded.
class ProviderTestCase: XCTestCase {
    static let appID = "org.example.Foods"

    /// Pad Thai has a thumbnail; the activity opens Thai Green Curry; the secret recipe
    /// is private (what the index would withhold from the system search).
    static let items: [MemorySource.Item] = [
        .init(hit: SystemSearchHit(id: "food-1", name: "Pad Thai", description: "Rice noodles with peanuts",
                                   thumbnailPath: "/tmp/searchlight-thumbs/food-1.png", clipboardText: "https://foods.example/1")),
        .init(hit: SystemSearchHit(id: "food-2", name: "Thai Green Curry", description: "Coconut curry with basil")),
        .init(hit: SystemSearchHit(id: "food-3", name: "Pad See Ew", description: "Wide rice noodles, soy sauce")),
        .init(hit: SystemSearchHit(id: "food-4", name: "Secret Thai Recipe", description: "Grandma's"), isPrivate: true),
        .init(hit: SystemSearchHit(id: "activity-7", openIdentifier: "food-2", name: "Viewed Thai Green Curry")),
    ]

    private(set) var bus: PrivateBus!
    private(set) var loop: ServiceMainLoop!
    private(set) var service: SearchProviderService!
    let recorder = RequestRecorder()

    var provider: GDBusClient {
        GDBusClient(busAddress: bus.address, busName: Self.appID, objectPath: "/org/example/Foods/SearchProvider")
    }

    override func setUpWithError() throws {
        bus = try PrivateBus()
        loop = ServiceMainLoop()
        loop.runInBackground()
        service = try makeService(source: MemorySource(items: Self.items))
        try service.start(context: loop.context, busAddress: bus.address)
    }

    override func tearDown() {
        service?.stop()
        service = nil
        loop?.quit(waitForThread: true)
        loop = nil
        bus = nil
    }

    func makeService(source: any SystemSearchSource, appID: String = ProviderTestCase.appID) throws -> SearchProviderService {
        let recorder = recorder
        return try SearchProviderService(appID: appID, source: source, resultLimit: 10) { recorder.record($0) }
    }
}

/// Collects the requests a service passes on, from any thread.
final class RequestRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [SearchRequest] = []

    func record(_ request: SearchRequest) {
        lock.lock()
        requests.append(request)
        lock.unlock()
    }

    var all: [SearchRequest] {
        lock.lock()
        defer { lock.unlock() }
        return requests
    }
}
