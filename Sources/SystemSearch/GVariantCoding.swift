import CGLib

/// Small readers and writers between Swift values and GVariant, so no other file
/// handles GVariant reference counts. Every `make…` function returns a floating
/// reference, which the container or call it is passed to takes over.
enum GVariantCoding {
    // MARK: Reading (borrowed values: the caller keeps its reference)

    /// The string of an `s` value.
    static func string(_ value: OpaquePointer) -> String {
        String(cString: g_variant_get_string(value, nil))
    }

    /// The strings of an `as` value.
    static func strings(_ value: OpaquePointer) -> [String] {
        (0..<g_variant_n_children(value)).map { index in
            let child = g_variant_get_child_value(value, index)!
            defer { g_variant_unref(child) }
            return string(child)
        }
    }

    /// Child `index` of a tuple, handed to `body` and released after it.
    static func child<T>(_ tuple: OpaquePointer, _ index: Int, _ body: (OpaquePointer) -> T) -> T {
        let value = g_variant_get_child_value(tuple, gsize(index))!
        defer { g_variant_unref(value) }
        return body(value)
    }

    /// Runs `body` with `signature` seen as a `GVariantType`, valid only inside `body`.
    ///
    /// The type is a view of the string's bytes (`G_VARIANT_TYPE`), so it must not
    /// outlive them: passing a Swift `String` straight to `searchlight_variant_type`
    /// hands GLib a pointer to a temporary that is gone when the call returns.
    static func withType<T>(_ signature: String, _ body: (OpaquePointer) throws -> T) rethrows -> T {
        try signature.withCString { try body(searchlight_variant_type($0)) }
    }

    /// Whether `value` has the D-Bus type `signature` (e.g. `(asas)`).
    static func has(_ value: OpaquePointer, type signature: String) -> Bool {
        withType(signature) { g_variant_is_of_type(value, $0) != 0 }
    }

    // MARK: Writing (floating references)

    /// A D-Bus string: valid UTF-8 (as every Swift string) without NUL, which D-Bus
    /// strings cannot hold; a NUL (in text stored by an older version) becomes U+FFFD.
    static func make(_ text: String) -> OpaquePointer {
        guard text.utf8.contains(0) else { return g_variant_new_string(text) }
        return g_variant_new_string(text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}"))
    }

    static func make(_ number: UInt32) -> OpaquePointer {
        g_variant_new_uint32(number)
    }

    static func make(_ number: Int32) -> OpaquePointer {
        g_variant_new_int32(number)
    }

    static func make(_ number: Double) -> OpaquePointer {
        g_variant_new_double(number)
    }

    /// An array of type `signature` (e.g. `as`, `aa{sv}`) holding `elements`.
    static func array(_ signature: String, _ elements: [OpaquePointer]) -> OpaquePointer {
        let builder = withType(signature) { g_variant_builder_new($0)! }
        defer { g_variant_builder_unref(builder) }
        for element in elements {
            g_variant_builder_add_value(builder, element)
        }
        return g_variant_builder_end(builder)
    }

    /// An `as` value.
    static func stringArray(_ strings: [String]) -> OpaquePointer {
        array("as", strings.map { make($0) })
    }

    /// A tuple of `elements` (the empty tuple when there are none).
    static func tuple(_ elements: [OpaquePointer]) -> OpaquePointer {
        if elements.isEmpty { return searchlight_variant_new_unit() }
        var children: [OpaquePointer?] = elements
        return children.withUnsafeMutableBufferPointer { buffer in
            g_variant_new_tuple(buffer.baseAddress, gsize(buffer.count))
        }
    }

    /// An `a{sv}` dictionary; entries keep their order.
    static func vardict(_ entries: [(String, OpaquePointer)]) -> OpaquePointer {
        array("a{sv}", entries.map { key, value in
            g_variant_new_dict_entry(make(key), g_variant_new_variant(value))
        })
    }

    /// The serialized `GIcon` of the image file at `path` (GNOME Shell's `icon` meta).
    ///
    /// Unlike the `make…` functions this returns a full reference (what
    /// `g_icon_serialize` gives): the caller releases it with `g_variant_unref` after
    /// putting it into a container, which takes its own reference.
    static func serializedFileIcon(path: String) -> OpaquePointer? {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        let icon = g_file_icon_new(file)
        defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
        return g_icon_serialize(icon)
    }
}
