'use strict';
// util — the formatting part of Node's util module: inspect, format,
// formatWithOptions (the same functions console uses), plus promisify and inherits.

const host = require('#host');

/** `fn(...args, callback)` as a function returning a promise. */
function promisify(fn) {
  if (typeof fn !== 'function') throw new TypeError('The "original" argument must be of type function');
  return function promisified(...args) {
    return new Promise((resolve, reject) => {
      fn.call(this, ...args, (err, value) => (err ? reject(err) : resolve(value)));
    });
  };
}

/** Sets `ctor`'s prototype chain to `superCtor`'s (legacy Node API). */
function inherits(ctor, superCtor) {
  Object.defineProperty(ctor, 'super_', { value: superCtor, writable: true, configurable: true });
  Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
}

module.exports = {
  inspect: host.inspect,
  format: host.format,
  formatWithOptions: host.formatWithOptions,
  promisify,
  inherits,
};
