#!/usr/bin/env node
'use strict';
// DEVELOPMENT AID: writes js/test/fixtures/format-expected.json with the text Node 20
// prints for each case of js/test/fixtures/format-cases.js (console.log's output,
// without the final newline). Run with node; the product never runs this.
const util = require('util');
const fs = require('fs');
const path = require('path');
const cases = require('../js/test/fixtures/format-cases.js');
const out = {};
for (const [name, args] of cases) out[name] = util.format(...args());
const withoutFrames = (text) => text.split('\n').filter((l) => !/^\s+at /.test(l)).join('\n');
out.errors = {};
for (const [name, args] of cases.errors) out.errors[name] = withoutFrames(util.format(...args()));
fs.writeFileSync(path.join(__dirname, '../js/test/fixtures/format-expected.json'), JSON.stringify(out, null, 2) + '\n');
console.log(`wrote ${cases.length + cases.errors.length} cases (node ${process.version})`);
