'use strict';
// process.js — the `process` global: argv, env, exit, exitCode, platform, cwd,
// nextTick, stdout/stderr writers and the 'exit' event.

const { EventEmitter } = require('./events');
const tasks = require('./tasks');

function createProcess(native) {
  const process = new EventEmitter();
  let exiting = false;

  function exitCodeNumber() {
    const code = process.exitCode;
    if (code === undefined || code === null) return 0;
    const n = Number(code);
    return Number.isInteger(n) ? n : 0;
  }

  /** Runs the 'exit' listeners once, with the final exit code. */
  function emitExit(code) {
    if (exiting) return;
    exiting = true;
    process._exiting = true;
    if (process.exitCode === undefined) process.exitCode = code;
    process.emit('exit', code);
  }

  function writer(fd) {
    return {
      fd,
      write(chunk, encoding, callback) {
        if (typeof encoding === 'function') callback = encoding;
        native.print(fd, typeof chunk === 'string' ? chunk : String(chunk));
        if (typeof callback === 'function') tasks.nextTick(callback);
        return true;
      },
      isTTY: false,
    };
  }

  Object.assign(process, {
    title: 'searchlight',
    argv: native.argv.slice(),
    argv0: native.argv[0],
    execPath: native.execPath,
    execArgv: [],
    env: native.env,
    platform: native.platform,
    exitCode: undefined,
    _exiting: false,
    stdout: writer(1),
    stderr: writer(2),
    cwd: () => native.cwd(),
    nextTick: tasks.nextTick,
    hrtime: Object.assign(function hrtime(previous) {
      const ms = native.now();
      let s = Math.floor(ms / 1000);
      let ns = Math.round((ms - s * 1000) * 1e6);
      if (Array.isArray(previous)) {
        s -= previous[0];
        ns -= previous[1];
        if (ns < 0) { s -= 1; ns += 1e9; }
      }
      return [s, ns];
    }, {
      bigint: () => BigInt(Math.round(native.now() * 1e6)),
    }),
    /** Ends the process with `code` (default: process.exitCode, else 0) after the 'exit' listeners. */
    exit(code) {
      if (code !== undefined) process.exitCode = code;
      const final = exitCodeNumber();
      emitExit(final);
      native.exit(exitCodeNumber());
      if (tasks.insideCallback()) throw tasks.EXIT;
    },
  });

  return { process, emitExit, exitCodeNumber };
}

module.exports = { createProcess };
