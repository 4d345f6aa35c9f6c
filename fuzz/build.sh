#!/bin/bash
# Builds the libFuzzer targets into .build/fuzz/bin: fuzz/build.sh [query|items|bridge|convert]…
#
# The library targets are built by SwiftPM with the fuzzer and address sanitizers in a
# build path of their own (.build/fuzz), so a normal `swift build` never sees them;
# each target is then one Swift file (plus fuzz/Support) compiled by swiftc with
# -parse-as-library against those modules and linked with their object files.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH

BUILD=.build/fuzz
DEBUG=$BUILD/x86_64-unknown-linux-gnu/debug
BIN=$BUILD/bin
SANITIZE=fuzzer,address
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(query items bridge convert)

cflags() { for flag in $(pkg-config --cflags "$@"); do printf -- '-Xcc %s ' "$flag"; done; }
# The object files of a target's current sources (a file renamed or moved since the
# last build leaves its old object behind in the build folder, which would link twice).
objects_of() {
  local file
  while IFS= read -r file; do
    printf '%s\n' "$DEBUG/$1.build/$(basename "$file").o"
  done < <(find "Sources/$1" -name '*.swift' -o -name '*.c' | sort)
}

mkdir -p "$BIN"
for target in "${targets[@]}"; do
  case $target in
    query) module=SearchIndex; source=fuzz/QueryLanguage/QueryLanguageFuzzer.swift ;;
    items) module=SearchIndex; source=fuzz/ItemValidation/ItemValidationFuzzer.swift ;;
    bridge) module=JSHost; source=fuzz/ValueConversion/ValueConversionFuzzer.swift ;;
    convert) module=SearchOnDevice; source=fuzz/ItemConversion/ItemConversionFuzzer.swift ;;
    *) echo "unknown fuzz target '$target' (query, items, bridge, convert)" >&2; exit 2 ;;
  esac
  swift build --sanitize=fuzzer --sanitize=address --build-path "$BUILD" --target "$module"
  jsc="-I Sources/CJavaScriptCore -I Sources/CGLib $(cflags javascriptcoregtk-4.1 gio-2.0)"
  jsclibs="-ljavascriptcoregtk-4.1 -lgio-2.0 -lgobject-2.0 -lglib-2.0"
  case $module in
    SearchIndex) includes="-I Sources/CSQLite"; libs="-lsqlite3"; linked=(SearchIndex) ;;
    JSHost) includes="$jsc"; libs="$jsclibs"; linked=(JSHost) ;;
    SearchOnDevice) includes="-I Sources/CSQLite -I Sources/CCurlCalls/include $jsc"; libs="-lsqlite3 $jsclibs"
                    linked=(SearchOnDevice JSHost SearchIndex CCurlCalls) ;;
  esac
  objects=()
  for linked_module in "${linked[@]}"; do mapfile -t -O "${#objects[@]}" objects < <(objects_of "$linked_module"); done
  support=(fuzz/Support/FuzzSupport.swift)
  [ "$module" = JSHost ] || support+=(fuzz/Support/FuzzIndex.swift)
  # shellcheck disable=SC2086
  swiftc -sanitize=$SANITIZE -use-ld=lld -parse-as-library -Onone -g -swift-version 6 \
    -I "$DEBUG/Modules" $includes \
    "$source" "${support[@]}" "${objects[@]}" \
    $libs -o "$BIN/fuzz-$target"
  echo "built $BIN/fuzz-$target"
done
