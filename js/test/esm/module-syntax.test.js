// A `.js` test file with an import statement: the host sees the module syntax (after
// the strings, comments and regular expressions below that only look like it) and
// bundles the file.
/* export const fake = 1; */
const notAnImport = "import x from 'nowhere'";
const template = `export ${'default'} {}`;
const pattern = /import|export/;
import assert from 'assert';
import { test } from 'test';
import { increment } from './fixtures/counter.mjs';

test('a .js file with import statements runs as a module', () => {
  assert.strictEqual(increment(), 1);
  assert.strictEqual(notAnImport.length, 23);
  assert.ok(template.startsWith('export default'));
  assert.ok(pattern.test('export'));
});
