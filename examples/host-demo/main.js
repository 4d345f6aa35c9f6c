'use strict';
// Host demo: prints exactly what `node examples/host-demo/main.js` prints.
//   searchlight run examples/host-demo/main.js one two
//   node examples/host-demo/main.js one two
// The react-native part is guarded so that Node (which has no such module)
// takes a path printing the same lines.

const { all, findBook } = require('./catalog');

console.log('args:', process.argv.slice(2), 'main module:', require.main === module);
console.log('platform: %s', platformName());

// Console formatting.
console.log(all[0]);
console.log(all.map((b) => b.title));
console.log({ count: all.length, byNarrator: new Map(all.map((b) => [b.narrator, b.id])) });
console.log(new Set(all.flatMap((b) => b.tags)));
console.log('%s has %d minutes (%i h), ratio %f, json %j', all[1].title, all[1].minutes, all[1].minutes / 60, 0.25, { id: 'b2' });
console.log({ nested: { deeper: { deepest: { hidden: true } } }, list: [[1, [2, [3, [4]]]]] });
console.log(Array.from({ length: 26 }, (_, i) => String.fromCharCode(97 + i).repeat(i % 4 + 1)));
console.log([undefined, null, -0, 12n, Symbol('s'), () => {}, function named() {}, class Shelf {}]);
const shelf = { name: 'favourites', books: all.slice(0, 2) };
shelf.self = shelf;
console.log(shelf);

// Ordering of timers, immediates, ticks and promises.
const order = [];
setTimeout(() => {
  setTimeout(() => order.push('timeout'), 5);
  setImmediate(() => order.push('immediate'));
  Promise.resolve().then(() => order.push('promise'));
  process.nextTick(() => order.push('nextTick'));
  order.push('sync');
}, 1);

let ticks = 0;
const interval = setInterval(() => {
  ticks += 1;
  if (ticks === 3) clearInterval(interval);
}, 2);

async function main() {
  const book = await findBook('b2');
  console.log('found:', book.title, `${book.hours} h`);
  try {
    await findBook('nope');
  } catch (err) {
    console.log('rejected:', err.code, err.message);
  }
  const found = await Promise.all(['b1', 'b3'].map(findBook));
  console.log('all:', found.map((b) => b.id));
  await new Promise((resolve) => setTimeout(resolve, 30));
  console.log('order:', order);
  console.log('interval ticks:', ticks);
  events();
  process.exitCode = 3;
}

function platformName() {
  const rn = optionalReactNative();
  return rn ? rn.Platform.select({ linux: 'linux', default: 'unknown' }) : process.platform;
}

function events() {
  const rn = optionalReactNative();
  const received = [];
  if (rn) {
    const emitter = new rn.NativeEventEmitter();
    const sub = emitter.addListener('demo', (body) => received.push(body));
    emitter.emit('demo', { n: 1 });
    sub.remove();
    sub.remove();
    emitter.emit('demo', { n: 2 });
  } else {
    received.push({ n: 1 });
  }
  console.log('events:', received);
}

function optionalReactNative() {
  try {
    return require('react-native');
  } catch (err) {
    if (err.code !== 'MODULE_NOT_FOUND') throw err;
    return null;
  }
}

process.on('exit', (code) => {
  console.log('exit code', code);
});

main();
