import CGLib

/// One KRunner match: what `org.kde.krunner1.Match` returns per hit.
struct KRunnerMatch: Sendable, Equatable {
    var id: String
    var text: String
    var iconName: String
    /// KRunner's category relevance: 100 for an exact title match, 70 otherwise.
    var type: Int32
    /// 0…1, higher first.
    var relevance: Double
    var subtext: String
}

/// The answer to one ``SearchProviderCall``, encodable as the method's out-arguments.
enum SearchProviderReply: Sendable, Equatable {
    /// `as`: result ids, best first.
    case ids([String])
    /// `aa{sv}`: GNOME Shell result metas.
    case metas([SystemSearchHit])
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
        case .metas(let results):
            var icons: [OpaquePointer] = []
            defer { icons.forEach { g_variant_unref($0) } }
            let dictionaries = results.map { result -> OpaquePointer in
                var entries: [(String, OpaquePointer)] = [
                    ("id", V.make(result.id)),
                    ("name", V.make(result.name)),
                    ("description", V.make(result.description)),
                ]
                if let path = result.thumbnailPath, let icon = V.serializedFileIcon(path: path) {
                    icons.append(icon)
                    entries.append(("icon", icon))
                }
                entries.append(("clipboardText", V.make(result.clipboardText)))
                return V.vardict(entries)
            }
            return V.tuple([V.array("aa{sv}", dictionaries)])
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
                    ]),
                ])
            })])
        case .nothing:
            return V.tuple([])
        }
    }
}
