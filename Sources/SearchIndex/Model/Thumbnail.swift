/// An item's thumbnail: image bytes on the way in, a file path on the way out.
///
/// The index keeps thumbnails as files (mode 0600) under `thumbnails/` in its data
/// directory and deletes the file with the item. Items read back from the index
/// carry ``file(path:)``; passing such an item to `indexItems` again keeps (copies)
/// the file.
public enum Thumbnail: Sendable, Equatable {
    /// Image bytes and, when known, their MIME type (`image/png`); the type only
    /// picks the stored file's extension.
    case data([UInt8], mimeType: String?)
    /// An image file already on disk; the index copies it into its own store.
    case file(path: String)

    /// The file path, for a thumbnail read back from the index.
    public var path: String? {
        if case .file(let path) = self { return path }
        return nil
    }
}
