/// Counts and sizes for `searchlight stats`.
public struct IndexStatistics: Sendable, Equatable {
    /// Items (not activities) per domain, expired ones not counted.
    public var itemsPerDomain: [String: Int]
    /// Stored searchable user activities.
    public var activityCount: Int
    /// Items whose expiration date has passed and that are not purged yet.
    public var expiredCount: Int
    /// Bytes on disk: database, WAL and thumbnails.
    public var sizeOnDisk: Int64
    /// Bytes of thumbnails among ``sizeOnDisk``.
    public var thumbnailBytes: Int64

    /// All items counted in ``itemsPerDomain``.
    public var itemCount: Int { itemsPerDomain.values.reduce(0, +) }

    /// Makes statistics.
    public init(itemsPerDomain: [String: Int], activityCount: Int, expiredCount: Int, sizeOnDisk: Int64, thumbnailBytes: Int64) {
        self.itemsPerDomain = itemsPerDomain
        self.activityCount = activityCount
        self.expiredCount = expiredCount
        self.sizeOnDisk = sizeOnDisk
        self.thumbnailBytes = thumbnailBytes
    }
}
