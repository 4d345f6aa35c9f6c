'use strict';
// Eight async loops on one index from one script: index, search, query and delete
// interleaved for SEARCHLIGHT_LOAD_SECONDS (default 10). No write is lost and every
// loop finishes.
const { describe, test } = require('test');
const assert = require('assert');
const { SearchOnDevice, needsModule } = require('./support');

const seconds = Number(process.env.SEARCHLIGHT_LOAD_SECONDS) || 10;
const words = ['apple', 'banana', 'cherry', 'delta', 'echo', 'forest', 'garden', 'harbor'];

async function loop(n, end, live, counts) {
  let next = 0;
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  while (Date.now() < end) {
    const r = Math.random();
    if (r < 0.4) {
      const batch = Array.from({ length: 1 + Math.floor(Math.random() * 10) }, () => {
        const id = live.size > 0 && Math.random() < 0.25 ? pick([...live.keys()]) : `js${n}-${++next}`;
        return { id, title: `${pick(words)} ${pick(words)} ${id}`, domain: `load.js${n}.d${Math.floor(Math.random() * 3)}` };
      });
      assert.strictEqual(await SearchOnDevice.indexItems(batch, { clientState: `js${n}` }), batch.length);
      for (const item of batch) live.set(item.id, item.domain);
      counts.index++;
    } else if (r < 0.65) {
      await SearchOnDevice.search(`${pick(words)} ${pick(words).slice(0, 2)}`, { limit: 10 });
      counts.search++;
    } else if (r < 0.75) {
      const found = await SearchOnDevice.query(`uniqueIdentifier == "js${n}-*"`, { limit: 20 });
      assert.ok(found.every((i) => i.id.startsWith(`js${n}-`)));
      counts.query++;
    } else if (r < 0.9) {
      const victims = [...live.keys()].slice(0, 1 + Math.floor(Math.random() * 5));
      assert.strictEqual(await SearchOnDevice.deleteItemsWithIdentifiers(victims), victims.length);
      for (const id of victims) live.delete(id);
      counts.delete++;
    } else {
      const domain = `load.js${n}.d${Math.floor(Math.random() * 3)}`;
      const expected = [...live.values()].filter((d) => d === domain).length;
      assert.strictEqual(await SearchOnDevice.deleteItemsInDomains([domain]), expected);
      for (const [id, d] of [...live]) if (d === domain) live.delete(id);
      counts.deleteDomain++;
    }
  }
  return next;
}

describe('load from JS', needsModule, () => {
  test('8 async loops: nothing lost, every loop finishes', { timeout: seconds * 1000 + 60000 }, async () => {
    await SearchOnDevice.deleteAllItems();
    const end = Date.now() + seconds * 1000;
    const lives = Array.from({ length: 8 }, () => new Map());
    const counts = { index: 0, search: 0, query: 0, delete: 0, deleteDomain: 0 };
    const used = await Promise.all(lives.map((live, n) => loop(n, end, live, counts)));
    let total = 0;
    for (let n = 0; n < 8; n++) {
      const ids = Array.from({ length: used[n] }, (_, i) => `js${n}-${i + 1}`);
      const stored = await SearchOnDevice.getItems(ids);
      ids.forEach((id, i) => assert.strictEqual(stored[i] ? stored[i].domain : undefined, lives[n].get(id), id));
      total += lives[n].size;
    }
    const all = await SearchOnDevice.query('uniqueIdentifier == "js*"', { limit: 100000 });
    assert.strictEqual(all.length, total);
    console.log(`load from JS: 8 loops for ${seconds} s: ${JSON.stringify(counts)}, ${total} items at the end`);
  });
});
