'use strict';
// module.js — the CommonJS loader: Node's resolution rules, cache and cycles.
//
// A request resolves, in order, to a built-in module (a folder of
// `native.builtinsDir`, from any working directory), a relative or absolute path
// (`X`, `X.js`, `X.json`, `X/package.json` `main`, `X/index.js`, `X/index.json`)
// or a package in a `node_modules` folder above the requiring file. Modules are
// cached by real path; a module required while it is still loading (a cycle)
// returns its exports as they are so far, as in Node.

const path = require('./path');

/** The request name that gives modules under `builtinsDir` the host's private API. */
const HOST_API = '#host';

/**
 * Makes the loader.
 *
 * @param {object} native the host primitives (readFile, stat, realpath, cwd, compileModule)
 * @param {object} hostApi what built-in modules get from `require('#host')`
 * @param {object} [bundles] the entries to run as esbuild bundles (bundles.js)
 * @returns {{Module: Function, runMain: Function, globalRequire: Function}}
 */
function createLoader(native, hostApi, bundles) {
  const builtinsDir = native.builtinsDir;
  const cache = Object.create(null);
  let mainModule;

  function notFound(request, fromDir) {
    const err = new Error(`Cannot find module '${request}' from '${fromDir}'`);
    err.code = 'MODULE_NOT_FOUND';
    return err;
  }

  function isFile(p) {
    return native.stat(p) === 'file';
  }

  function tryFile(p) {
    if (isFile(p)) return p;
    if (isFile(p + '.js')) return p + '.js';
    if (isFile(p + '.json')) return p + '.json';
    return null;
  }

  function tryIndex(dir) {
    if (isFile(dir + '/index.js')) return dir + '/index.js';
    if (isFile(dir + '/index.json')) return dir + '/index.json';
    return null;
  }

  function readPackageMain(dir) {
    const pkgPath = dir + '/package.json';
    if (!isFile(pkgPath)) return undefined;
    let pkg;
    try {
      pkg = JSON.parse(native.readFile(pkgPath));
    } catch (e) {
      e.message = `Error parsing ${pkgPath}: ${e.message}`;
      throw e;
    }
    return pkg !== null && typeof pkg.main === 'string' && pkg.main !== '' ? pkg.main : undefined;
  }

  function tryDirectory(dir) {
    if (native.stat(dir) !== 'directory') return null;
    const main = readPackageMain(dir);
    if (main !== undefined) {
      const target = path.resolveFrom(dir, main);
      const found = tryFile(target) || tryIndex(target);
      if (found) return found;
    }
    return tryIndex(dir);
  }

  function tryPath(base, directoryOnly) {
    return (directoryOnly ? null : tryFile(base)) || tryDirectory(base);
  }

  function isRelative(request) {
    return request === '.' || request === '..' || request.startsWith('./') ||
      request.startsWith('../') || request.startsWith('/');
  }

  function builtinRoot(request) {
    const parts = request.split('/');
    const name = request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
    return native.stat(builtinsDir + '/' + name) === 'directory' ? name : null;
  }

  /**
   * Resolves `request` as `require` would from a module in `fromDir`.
   *
   * @returns {string} the module's real path
   */
  function resolveFilename(request, fromDir) {
    if (typeof request !== 'string') {
      const err = new TypeError(`The "id" argument must be of type string. Received ${typeof request}`);
      err.code = 'ERR_INVALID_ARG_TYPE';
      throw err;
    }
    if (request === '') {
      const err = new TypeError("The argument 'id' must be a non-empty string. Received ''");
      err.code = 'ERR_INVALID_ARG_VALUE';
      throw err;
    }
    let found = null;
    // `node:assert` and friends name the built-in of the same name.
    if (request.startsWith('node:') && builtinRoot(request.slice(5)) !== null) request = request.slice(5);
    if (isRelative(request)) {
      found = tryPath(path.resolveFrom(fromDir, request), request.endsWith('/'));
    } else if (builtinRoot(request) !== null) {
      found = tryPath(builtinsDir + '/' + request, request.endsWith('/'));
    } else {
      for (let dir = fromDir; ; dir = path.dirname(dir)) {
        if (path.basename(dir) !== 'node_modules') {
          found = tryPath(path.join(dir, 'node_modules', request), request.endsWith('/'));
          if (found) break;
        }
        if (dir === '/' || dir === '.') break;
      }
    }
    if (found === null) throw notFound(request, fromDir);
    return native.realpath(found) || found;
  }

  /** A CommonJS module, as `module` inside its file. */
  class Module {
    constructor(id, filename, parent) {
      this.id = id;
      this.filename = filename;
      this.path = path.dirname(filename);
      this.exports = {};
      this.loaded = false;
      this.parent = parent;
      this.children = [];
      this.paths = nodeModulePaths(this.path);
      this.require = makeRequire(this);
    }
  }

  function nodeModulePaths(dir) {
    const paths = [];
    for (let d = dir; ; d = path.dirname(d)) {
      if (path.basename(d) !== 'node_modules') paths.push(path.join(d, 'node_modules'));
      if (d === '/' || d === '.') break;
    }
    return paths;
  }

  function compile(module) {
    const filename = module.filename;
    // An ES module, TypeScript or JSX entry runs as its bundle (bundles.js).
    const bundled = bundles ? bundles.sourceFor(filename) : null;
    if (bundled !== null) {
      const fn = native.compileModule(bundled.source, bundled.sourceURL);
      fn.call(module.exports, module.exports, module.require, module, filename, module.path);
      return;
    }
    let source = native.readFile(filename);
    if (source.charCodeAt(0) === 0xfeff) source = source.slice(1);
    if (filename.endsWith('.json')) {
      try {
        module.exports = JSON.parse(source);
      } catch (e) {
        e.message = `${filename}: ${e.message}`;
        throw e;
      }
      return;
    }
    if (source.startsWith('#!')) source = '//' + source.slice(2);
    const fn = native.compileModule(source, filename);
    fn.call(module.exports, module.exports, module.require, module, filename, module.path);
  }

  function load(request, parent, fromDir) {
    if (request === HOST_API && parent && parent.filename.startsWith(builtinsDir + '/')) {
      return hostApi;
    }
    const filename = resolveFilename(request, fromDir);
    const cached = cache[filename];
    if (cached !== undefined) {
      if (parent && !parent.children.includes(cached)) parent.children.push(cached);
      return cached.exports;
    }
    const module = new Module(filename, filename, parent);
    if (parent) parent.children.push(module);
    cache[filename] = module;
    let threw = true;
    try {
      compile(module);
      threw = false;
    } finally {
      if (threw) {
        delete cache[filename];
        if (parent) {
          const i = parent.children.indexOf(module);
          if (i !== -1) parent.children.splice(i, 1);
        }
      }
    }
    module.loaded = true;
    return module.exports;
  }

  function makeRequire(module) {
    function require(request) {
      return load(request, module, module.path);
    }
    require.resolve = function resolve(request) {
      return resolveFilename(request, module.path);
    };
    require.cache = cache;
    Object.defineProperty(require, 'main', {
      get: () => mainModule,
      enumerable: true,
    });
    return require;
  }

  /**
   * Loads `file` (relative to the working directory) as the main module.
   *
   * @returns {Module}
   */
  function runMain(file) {
    const cwd = native.cwd();
    const filename = resolveFilename(file.startsWith('/') ? file : './' + path.normalize(file), cwd);
    const module = new Module('.', filename, null);
    mainModule = module;
    cache[filename] = module;
    try {
      compile(module);
    } catch (e) {
      delete cache[filename];
      throw e;
    }
    module.loaded = true;
    return module;
  }

  /** `require` as a global: resolves from the current working directory. */
  const globalRequireFromCwd = function require(request) {
    return load(request, null, native.cwd());
  };
  globalRequireFromCwd.resolve = (request) => resolveFilename(request, native.cwd());
  globalRequireFromCwd.cache = cache;
  Object.defineProperty(globalRequireFromCwd, 'main', { get: () => mainModule, enumerable: true });

  return {
    Module,
    runMain,
    resolveFilename,
    cache,
    globalRequire: globalRequireFromCwd,
    requireFrom: (dir, request) => load(request, null, dir),
  };
}

module.exports = { createLoader, HOST_API };
