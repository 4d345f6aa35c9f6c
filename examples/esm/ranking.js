// A `.js` file with `export`: the host sees the module syntax and bundles it.
import { words } from './text.js';

/** Recipes whose title has a word starting with `prefix`, best first. */
export function rank(recipes, prefix) {
  return recipes
    .map((recipe) => ({ recipe, score: words(recipe.title).filter((w) => w.startsWith(prefix)).length * 10 - recipe.title.length / 10 }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((hit) => ({ ...hit, score: Math.round(hit.score) }));
}

export const titleCase = (s) => words(s).map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
