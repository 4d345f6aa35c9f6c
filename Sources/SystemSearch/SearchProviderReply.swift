import CGLib

/// One KRunner match: what `org.kde.krunner1.Match` returns per hit.
struct KRunnerMatch: Sendable, Equatable {
    var id: String
    var text: String
    var iconName: String
    /// KRunner's match type: 100 (ExactMatch) for an exact title, 30 (PossibleMatch) otherwise.
    var type: Int32
    /// 0…1, higher first.
    var relevance: Double
    var subtext: String
    /// The thumbnail (else the app's icon file) as pixels: the `icon-data` property.
    var iconData: PixelImage? = nil
    /// The item's deep link: the `urls` property.
    var urls: [String] = []
}

/// The answer to one ``SearchProviderCall``, encodable as the method's out-arguments.
enum SearchProviderReply: Sendable, Equatable {
    /// `as`: result ids, best first.
    case ids([String])
    /// `aa{sv}`: GNOME Shell result metas; results without a thumbnail show the app icon.
    case metas([SystemSearchHit], AppIcon)
    /// `a{sv}`: KRunner's runner configuration.
    case config(minimumLetterCount: Int32)
    /// `a(sss)`: KRunner actions (id, text, icon name).
    case actions([KRunnerAction])
    /// `a(sssida{sv})`: KRunner matches.
    case matches([KRunnerMatch])
    /// No out-arguments.
    case nothing

    /// A KRunner action offered on every match.
    struct KRunnerAction: Sendable, Equatable {
        var id: String
        var text: String
        var iconName: String
    }

    /// The out-arguments tuple, as a floating GVariant for `g_dbus_method_invocation_return_value`.
    func encoded() -> OpaquePointer {
        typealias V = GVariantCoding
        switch self {
        case .ids(let ids):
            return V.tuple([V.stringArray(ids)])
        case .metas(let results, let appIcon):
            var icons: [OpaquePointer] = []
            defer { icons.forEach { g_variant_unref($0) } }
            let fallback = appIcon.serialized()
            defer { if let fallback { g_variant_unref(fallback) } }
            let dictionaries = results.map { result -> OpaquePointer in
                var entries: [(String, OpaquePointer)] = [
                    ("id", V.make(result.id)),
                    ("name", V.make(result.name)),
                    ("description", V.make(result.description)),
                ]
                let thumbnail = result.thumbnailPath.flatMap { V.serializedFileIcon(path: $0) }
                if let thumbnail { icons.append(thumbnail) }
                if let icon = thumbnail ?? fallback {
                    entries.append(("icon", icon))
                    // The string form older shells read (`gicon`).
                    if let deserialized = g_icon_deserialize(icon) {
                        defer { g_object_unref(UnsafeMutableRawPointer(deserialized)) }
                        if let text = g_icon_to_string(deserialized) {
                            entries.append(("gicon", V.make(String(cString: text))))
                            g_free(text)
                        }
                    }
                }
                entries.append(("clipboardText", V.make(result.clipboardText)))
                return V.vardict(entries)
            }
            return V.tuple([V.array("aa{sv}", dictionaries)])
        case .config(let minimumLetterCount):
            return V.tuple([V.vardict([("MinLetterCount", V.make(minimumLetterCount))])])
        case .actions(let actions):
            return V.tuple([V.array("a(sss)", actions.map { action in
                V.tuple([V.make(action.id), V.make(action.text), V.make(action.iconName)])
            })])
        case .matches(let matches):
            return V.tuple([V.array("a(sssida{sv})", matches.map { match in
                V.tuple([
                    V.make(match.id), V.make(match.text), V.make(match.iconName),
                    V.make(match.type), V.make(match.relevance),
                    V.vardict([
                        ("subtext", V.make(match.subtext)),
                        // An empty list: show no per-match action buttons.
                        ("actions", V.stringArray([])),
                        ("urls", V.stringArray(match.urls)),
                    ] + (match.iconData.map { [("icon-data", $0.variant())] } ?? [])),
                ])
            })])
        case .nothing:
            return V.tuple([])
        }
    }
}
