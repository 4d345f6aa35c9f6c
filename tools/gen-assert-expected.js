#!/usr/bin/env node
'use strict';
// DEVELOPMENT AID: writes js/test/fixtures/assert-expected.json with Node 20's
// AssertionError fields for each case of js/test/fixtures/assert-cases.js.
const fs = require('fs');
const path = require('path');
const cases = require('../js/test/fixtures/assert-cases.js');
const out = {};
for (const [name, fn] of cases) {
  try {
    fn();
    out[name] = null;
  } catch (e) {
    out[name] = { name: e.name, code: e.code, message: e.message, operator: e.operator, generatedMessage: e.generatedMessage };
  }
}
fs.writeFileSync(path.join(__dirname, '../js/test/fixtures/assert-expected.json'), JSON.stringify(out, null, 2) + '\n');
console.log(`wrote ${Object.keys(out).length} cases (node ${process.version})`);
