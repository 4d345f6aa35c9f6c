// An ES-module app: `searchlight run examples/esm/app.mjs`.
// The host bundles it with esbuild; `react-native` stays the host's built-in, and
// `./recipes.cjs` is CommonJS imported through esbuild's interop.
import { Platform, NativeEventEmitter } from 'react-native';
import recipes, { byTag } from './recipes.cjs';
import { rank, titleCase } from './ranking.js';
import * as text from './text.js';

const emitter = new NativeEventEmitter();
const subscription = emitter.addListener('recipeOpened', (id) => {
  console.log(`opened ${id}`);
});

console.log(`platform: ${Platform.OS}`);
console.log(`recipes: ${recipes.length}`);
for (const hit of rank(byTag('quick'), 'pa')) {
  console.log(`${titleCase(hit.recipe.title)} (${text.plural(hit.score, 'point')})`);
}
emitter.emit('recipeOpened', 'pasta-1');
subscription.remove();
