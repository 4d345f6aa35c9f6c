// `node:` built-ins in TypeScript: `import test from 'node:test'` is the test
// function itself (Node's shape), typed by the same index.d.ts as 'test'.
import test from 'node:test';
import assert from 'node:assert';
import { describe, it } from 'test';

describe('node: imports', () => {
  it('are the built-in modules themselves', () => {
    assert.strictEqual(test.test, test);
    assert.strictEqual(test.describe, describe);
    assert.strictEqual(assert.ok, assert);
  });
});

test('performance.now() is typed and counts up', () => {
  const elapsed: number = performance.now();
  assert.ok(elapsed >= 0 && elapsed <= performance.now());
});
