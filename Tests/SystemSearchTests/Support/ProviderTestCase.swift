import Foundation
import SearchIndex
import SystemSearch
import XCTest

/// A test with a private bus, a GLib loop thread and a ``SearchProviderService``
/// exported on it over a real ``SearchableIndex`` (in a temporary directory) holding
/// FoodBuds-like items; the requests the service passes on are recorded.
class ProviderTestCase: XCTestCase {
    static let appID = "org.example.Foods"

    private(set) var bus: PrivateBus!
    private(set) var loop: ServiceMainLoop!
    private(set) var service: SearchProviderService!
    private(set) var index: SearchableIndex!
    private var dataDirectory: String!
    let recorder = RequestRecorder()

    var provider: GDBusClient {
        GDBusClient(busAddress: bus.address, busName: Self.appID, objectPath: "/org/example/Foods/SearchProvider")
    }

    override func setUpWithError() throws {
        dataDirectory = NSTemporaryDirectory() + "searchlight-provider-" + UUID().uuidString
        index = try SearchableIndex(directory: dataDirectory, defaultDomain: Self.appID)
        try indexFoods()
        bus = try PrivateBus()
        loop = ServiceMainLoop()
        loop.runInBackground()
        service = try makeService(source: IndexSystemSearchSource(index: index))
        try service.start(context: loop.context, busAddress: bus.address)
    }

    override func tearDown() {
        madeServices = []
        service?.stop()
        service = nil
        loop?.quit(waitForThread: true)
        loop = nil
        bus = nil
        index = nil
        try? FileManager.default.removeItem(atPath: dataDirectory)
    }

    /// Pad Thai has a thumbnail and a url; the Expired Thai Special expired yesterday.
    private func indexFoods() throws {
        let png = Self.tinyPNG
        func food(_ id: String, _ title: String, _ description: String, thumbnail: Thumbnail? = nil,
                  url: String? = nil, expires: Date? = nil) -> SearchableItem {
            SearchableItem(id: id, expirationDate: expires, attributes: SearchableItemAttributeSet(
                title: title, contentDescription: description, thumbnail: thumbnail, url: url))
        }
        _ = try index.indexItems([
            food("food-1", "Pad Thai", "Rice noodles with peanuts", thumbnail: .data(png, mimeType: "image/png"),
                 url: "https://foods.example/1"),
            food("food-2", "Thai Green Curry", "Coconut curry with basil"),
            food("food-3", "Pad See Ew", "Wide rice noodles, soy sauce"),
            food("food-4", "Expired Thai Special", "Gone", expires: Date(timeIntervalSinceNow: -86_400)),
        ])
    }

    /// A real 3×2 RGBA PNG: red, green, half-transparent blue / (10,20,30), (40,50,60), transparent (70,80,90).
    static let tinyPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x03,
        0x00, 0x00, 0x00, 0x02, 0x08, 0x06, 0x00, 0x00, 0x00, 0x9D, 0x74, 0x66, 0x1A, 0x00, 0x00, 0x00, 0x1F, 0x49, 0x44, 0x41,
        0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0, 0x1F, 0x0C, 0x19, 0xFE, 0x37, 0x30, 0x70, 0x89, 0xC8, 0xFD, 0xD7, 0x30,
        0xB2, 0xF9, 0xEF, 0x16, 0x10, 0xC5, 0x00, 0x00, 0x81, 0xEA, 0x09, 0x3C, 0x5E, 0xC5, 0x09, 0xE7, 0x00, 0x00, 0x00, 0x00,
        0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
    /// Its pixels, RGBA, rows packed.
    static let tinyPNGPixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 128, 10, 20, 30, 255, 40, 50, 60, 255, 70, 80, 90, 0]

    /// Records that the user viewed Thai Green Curry, as an activity eligible for search.
    func viewCurry() throws {
        try index.becomeCurrent(UserActivity(activityType: "org.example.foods.view", title: "Green curry night",
                                             userInfo: ["night": .string("friday")],
                                             eligibleForSearch: true, relatedUniqueIdentifier: "food-2"))
    }

    func makeService(source: any SystemSearchSource, appID: String = ProviderTestCase.appID) throws -> SearchProviderService {
        let recorder = recorder
        let made = try SearchProviderService(appID: appID, source: source, resultLimit: 10) { recorder.record($0) }
        madeServices.append(made)
        return made
    }

    private var madeServices: [SearchProviderService] = []

    /// The requests passed on so far: requests are answered first and passed on right
    /// after, so this waits for those already answered.
    var received: [SearchRequest] {
        madeServices.forEach { $0.finishPendingRequests() }
        return recorder.all
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
