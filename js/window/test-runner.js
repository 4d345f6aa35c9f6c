'use strict';
// `searchlight test --window`: the JS tests run in a window's page, against the
// page's bridge (the same SearchOnDevice module as the headless host, reached
// through WebKit's script messages). The entry the command generates calls this with
// the test files and a function that loads one; the window closes with exit status
// 1 when any test failed.

const consoleForwarding = require('./console');

consoleForwarding.install();

module.exports = function runTestsInPage(files, loadFile) {
  const host = require('#host');
  require('test');
  document.title = 'searchlight test --window';
  Promise.resolve()
    .then(() => host.runTests(files, loadFile))
    .then(
      (counts) => consoleForwarding.exit(counts.failed > 0 ? 1 : 0),
      (error) => {
        console.error(host.formatError(error));
        consoleForwarding.exit(1);
      },
    );
};
