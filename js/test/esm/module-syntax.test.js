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

/** @jsx element */
const element = (type, props, ...children) => ({ type, props, children });

test('a .js file with import statements runs as a module', () => {
  assert.strictEqual(increment(), 1);
  assert.strictEqual(notAnImport.length, 23);
  assert.ok(template.startsWith('export default'));
  assert.ok(pattern.test('export'));
});

test('a bundled .js file may hold JSX, as Metro allows', () => {
  assert.deepStrictEqual(<em id="x">hi</em>, { type: 'em', props: { id: 'x' }, children: ['hi'] });
});
