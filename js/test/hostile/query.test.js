'use strict';
// SQL and FTS5 syntax from JS: query strings are refused with E_INVALID_QUERY or
// compared as text; search text is always text. The index never changes.
const { describe, test, beforeEach } = require('test');
const assert = require('assert');
const { SearchOnDevice, needsModule, assertRefused, assertUnchanged, searchIds, seed } = require('./support');

describe('hostile query strings', needsModule, () => {
  beforeEach(seed);

  test('SQL in a query string is a coded error naming a position', async () => {
    for (const query of [
      'title == "x"; DROP TABLE items; --',
      'title); DROP TABLE items; -- == "x"',
      'title == "Alpha" UNION SELECT * FROM settings',
      'InRange(rankingHint, 0, 100); DELETE FROM items',
      "title == 'Alpha' OR '1'='1'",
      'title == "Alpha" -- comment',
      'title == "Alpha"\u0000; DROP TABLE items',
    ]) {
      const error = await assertRefused(() => SearchOnDevice.query(query), 'E_INVALID_QUERY');
      assert.match(error.message, /position \d+/, query);
    }
  });

  test('SQL inside a quoted value is only text', async () => {
    for (const query of ['title == "x\\" OR 1=1 --"', 'title == "\' OR \'1\'=\'1"', 'title == "\\"); DROP TABLE items; --"']) {
      assert.deepStrictEqual(await assertUnchanged(() => SearchOnDevice.query(query)), [], query);
    }
    const found = await SearchOnDevice.query('title == "Alpha"');
    assert.deepStrictEqual(found.map((i) => i.id), ['alpha']);
  });

  test('a 10 MB query string is refused', async () => {
    await assertRefused(() => SearchOnDevice.query('title == "' + 'x'.repeat(10 * 1024 * 1024) + '"'), 'E_INVALID_QUERY');
  });

  test('a lone surrogate in a query string is refused at the bridge', async () => {
    await assertRefused(() => SearchOnDevice.query('title == "\uD800"'), 'E_INVALID_ARGUMENT', 'lone surrogate');
  });
});

describe('hostile search text', needsModule, () => {
  beforeEach(seed);

  test('FTS5 operators, column filters and quotes are searched as words', async () => {
    const cases = [
      ['NOT drill', ['drill']],
      ['cats AND', ['cats']],
      ['cats OR drill', []],
      ['near(', ['sea']],
      ['NEAR(cats dogs)', []],
      ['title:cats', ['label']],
      ['{title}:secret', []],
      ['^cats', ['cats', 'label']],
      ['"cats"', ['cats', 'label']],
      ['cats*', ['cats', 'label']],
      ['(cats', ['cats', 'label']],
      ["'; DROP TABLE items; --", []],
      ['" OR 1=1 --', []],
    ];
    // `all`: a word that was an operator must match as a word, not be dropped.
    for (const [text, expected] of cases) {
      assert.deepStrictEqual(await assertUnchanged(() => searchIds(text, { matchingStrategy: 'all' })), expected, text);
    }
    for (const text of ['"', '*', ')', 'NEAR', 'AND', ':', '\\', 'a"b"c*', '\u0000', 'alp\u0000ha']) {
      await assertUnchanged(() => SearchOnDevice.search(text));
    }
  });

  test('too much search text is E_INVALID_ARGUMENT', async () => {
    await assertRefused(() => SearchOnDevice.search('x'.repeat(10 * 1024 * 1024)), 'E_INVALID_ARGUMENT');
    await assertRefused(() => SearchOnDevice.search('cats '.repeat(200000)), 'E_INVALID_ARGUMENT');
  });

  test('domains are values, never SQL', async () => {
    assert.deepStrictEqual(await searchIds('secret', { domains: ["x' OR '1'='1"] }), []);
    assert.deepStrictEqual(await searchIds('secret', { domains: ['private'] }), ['secret']);
    assert.strictEqual(await SearchOnDevice.deleteItemsInDomains(["x' OR '1'='1", '%']), 0);
    assert.strictEqual(await SearchOnDevice.deleteItemsWithIdentifiers(["' OR '1'='1", '%', '*']), 0);
  });
});
