'use strict';
// bundles.js — entry files the host runs as esbuild bundles (ES modules, TypeScript,
// JSX). Native bundles them before the JS starts (Swift's JSBundler) and lists them in
// `native.bundles` (entry path → { code, map }); the loader asks here before it
// compiles a file.

/**
 * @param {object} native the host primitives (bundles, readFile)
 * @param {object} sourceMaps the registry errors.js maps positions through
 */
function createBundles(native, sourceMaps) {
  const bundles = native.bundles || {};
  return {
    /**
     * The bundled script that replaces `filename`, as `{ source, sourceURL }`
     * (`sourceURL` is the bundle's own path, whose positions the source map maps
     * back), or null for a file that runs as it is.
     */
    sourceFor(filename) {
      const bundle = Object.prototype.hasOwnProperty.call(bundles, filename) ? bundles[filename] : null;
      if (bundle === null) return null;
      sourceMaps.register(bundle.code, bundle.map);
      return { source: native.readFile(bundle.code), sourceURL: bundle.code };
    },
  };
}

module.exports = { createBundles };
