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
const fields = (e) => ({ name: e.name, code: e.code, message: e.message, operator: e.operator, generatedMessage: e.generatedMessage });
(async () => {
  out.async = {};
  for (const [name, fn] of cases.async) {
    try {
      await fn();
      out.async[name] = null;
    } catch (e) {
      out.async[name] = fields(e);
    }
  }
  fs.writeFileSync(path.join(__dirname, '../js/test/fixtures/assert-expected.json'), JSON.stringify(out, null, 2) + '\n');
  console.log(`wrote ${cases.length + cases.async.length} cases (node ${process.version})`);
})();
