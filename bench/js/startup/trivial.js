// trivial.js — the smallest script: when it started, for the host's own start-up
// (spawn to the first line of JS) measured by measure.sh.
'use strict';
console.log('BENCH ' + JSON.stringify({ scriptStartEpochMs: Date.now() }));
