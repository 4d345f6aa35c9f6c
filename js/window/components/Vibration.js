'use strict';
// Vibration: React Native's `vibrate(pattern = 400, repeat = false)` and `cancel()`.
// A desktop has nothing to vibrate, so both do nothing; the arguments are checked as
// React Native's types say, so a wrong call is found here rather than on a phone.

function checkPattern(pattern) {
  if (pattern === undefined) return;
  const valid = (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
  if (valid(pattern) || (Array.isArray(pattern) && pattern.every(valid))) return;
  const error = new TypeError('Vibration.vibrate: pattern must be a duration in ms or an array of durations');
  error.code = 'E_INVALID_ARGUMENT';
  throw error;
}

const Vibration = {
  vibrate(pattern, repeat) {
    checkPattern(pattern);
    if (repeat !== undefined && typeof repeat !== 'boolean') {
      const error = new TypeError('Vibration.vibrate: repeat must be a boolean');
      error.code = 'E_INVALID_ARGUMENT';
      throw error;
    }
  },
  cancel() {},
};

module.exports = { Vibration };
