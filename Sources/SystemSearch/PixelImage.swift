import CGLib
import Glibc
import Synchronization

/// An image file decoded to 8-bit RGBA pixels, rows packed: what KRunner's `icon-data`
/// match property carries (the `(iiibiiay)` of `org.freedesktop.Notifications`:
/// width, height, row stride, has alpha, bits per sample, channels, bytes).
///
/// Decoding uses gdk-pixbuf, loaded with `dlopen` on the first image, so that the
/// `searchlight` binary (whose start-up every `run` pays) does not link it.
struct PixelImage: Sendable, Equatable {
    var width: Int32
    var height: Int32
    /// `width * 4` bytes a row, `height` rows.
    var pixels: [UInt8]

    var rowStride: Int32 { width * 4 }

    /// The largest side an icon is decoded at (KRunner shows them at 16–64 px).
    static let maximumSide: Int32 = 128

    /// Decodes `path` scaled to fit ``maximumSide`` (aspect kept, never enlarged), or
    /// nil when the file is no image gdk-pixbuf reads (or gdk-pixbuf is missing).
    init?(path: String) {
        guard let library = PixbufLibrary.shared else { return nil }
        var error: UnsafeMutablePointer<GError>?
        guard let original = library.newFromFile(path, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_object_unref(original) }
        var pixbuf = original
        let (originalWidth, originalHeight) = (library.width(original), library.height(original))
        var scaled: UnsafeMutableRawPointer?
        if max(originalWidth, originalHeight) > Self.maximumSide {
            let scale = Double(Self.maximumSide) / Double(max(originalWidth, originalHeight))
            scaled = library.scaleSimple(original, max(1, Int32((Double(originalWidth) * scale).rounded())),
                                         max(1, Int32((Double(originalHeight) * scale).rounded())), 2 /* GDK_INTERP_BILINEAR */)
            guard let scaled else { return nil }
            pixbuf = scaled
        }
        defer { if let scaled { g_object_unref(scaled) } }
        guard library.bitsPerSample(pixbuf) == 8, let source = library.readPixels(pixbuf) else { return nil }
        let channels = Int(library.nChannels(pixbuf)), hasAlpha = library.hasAlpha(pixbuf) != 0
        guard channels == (hasAlpha ? 4 : 3) else { return nil }
        width = library.width(pixbuf)
        height = library.height(pixbuf)
        let stride = Int(library.rowstride(pixbuf))
        var pixels = [UInt8](repeating: 255, count: Int(width) * Int(height) * 4)
        for row in 0..<Int(height) {
            for column in 0..<Int(width) {
                let from = row * stride + column * channels, to = (row * Int(width) + column) * 4
                for channel in 0..<channels { pixels[to + channel] = source[from + channel] }
            }
        }
        self.pixels = pixels
    }

    /// The `(iiibiiay)` value (floating reference).
    func variant() -> OpaquePointer {
        let bytes = pixels.withUnsafeBytes { buffer in
            g_variant_new_fixed_array(searchlight_variant_type("y"), buffer.baseAddress, gsize(buffer.count), 1)!
        }
        return GVariantCoding.tuple([
            GVariantCoding.make(width), GVariantCoding.make(height), GVariantCoding.make(rowStride),
            g_variant_new_boolean(1), GVariantCoding.make(Int32(8)), GVariantCoding.make(Int32(4)), bytes,
        ])
    }
}

/// The few gdk-pixbuf functions ``PixelImage`` uses, resolved once.
private final class PixbufLibrary: @unchecked Sendable {
    typealias Pixbuf = UnsafeMutableRawPointer
    let newFromFile: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> Pixbuf?
    let scaleSimple: @convention(c) (Pixbuf?, Int32, Int32, Int32) -> Pixbuf?
    let width: @convention(c) (Pixbuf?) -> Int32
    let height: @convention(c) (Pixbuf?) -> Int32
    let rowstride: @convention(c) (Pixbuf?) -> Int32
    let nChannels: @convention(c) (Pixbuf?) -> Int32
    let bitsPerSample: @convention(c) (Pixbuf?) -> Int32
    let hasAlpha: @convention(c) (Pixbuf?) -> Int32
    let readPixels: @convention(c) (Pixbuf?) -> UnsafePointer<UInt8>?

    static let shared: PixbufLibrary? = {
        guard let library = dlopen("libgdk_pixbuf-2.0.so.0", RTLD_NOW | RTLD_LOCAL) else { return nil }
        return PixbufLibrary(library)
    }()

    private init?(_ library: UnsafeMutableRawPointer) {
        func symbol<T>(_ name: String, _: T.Type) -> T? {
            dlsym(library, name).map { unsafeBitCast($0, to: T.self) }
        }
        guard let newFromFile = symbol("gdk_pixbuf_new_from_file", type(of: self.newFromFile)),
              let scaleSimple = symbol("gdk_pixbuf_scale_simple", type(of: self.scaleSimple)),
              let width = symbol("gdk_pixbuf_get_width", type(of: self.width)),
              let height = symbol("gdk_pixbuf_get_height", type(of: self.height)),
              let rowstride = symbol("gdk_pixbuf_get_rowstride", type(of: self.rowstride)),
              let nChannels = symbol("gdk_pixbuf_get_n_channels", type(of: self.nChannels)),
              let bitsPerSample = symbol("gdk_pixbuf_get_bits_per_sample", type(of: self.bitsPerSample)),
              let hasAlpha = symbol("gdk_pixbuf_get_has_alpha", type(of: self.hasAlpha)),
              let readPixels = symbol("gdk_pixbuf_read_pixels", type(of: self.readPixels))
        else { return nil }
        (self.newFromFile, self.scaleSimple, self.width, self.height, self.rowstride) = (newFromFile, scaleSimple, width, height, rowstride)
        (self.nChannels, self.bitsPerSample, self.hasAlpha, self.readPixels) = (nChannels, bitsPerSample, hasAlpha, readPixels)
    }
}

/// Decoded thumbnails by path, so that typing does not decode the same files for
/// every keystroke's `Match`. Thumbnail files are written once under a new name and
/// never changed, so an entry stays right; the cache forgets everything past
/// ``capacity`` entries.
final class PixelImageCache: Sendable {
    static let capacity = 256
    private let images = Mutex<[String: PixelImage?]>([:])

    func image(path: String) -> PixelImage? {
        if let cached = images.withLock({ $0[path] }) { return cached }
        let image = PixelImage(path: path)
        images.withLock { images in
            if images.count >= Self.capacity { images.removeAll(keepingCapacity: true) }
            images[path] = image
        }
        return image
    }
}
