// Plain CommonJS: module.exports is what `import recipes from './recipes.cjs'` gets.
const recipes = [
  { id: 'pasta-1', title: 'pasta al limone', tags: ['quick', 'vegetarian'] },
  { id: 'paella-2', title: 'paella valenciana', tags: ['slow'] },
  { id: 'pancakes-3', title: 'pancakes', tags: ['quick', 'sweet'] },
  { id: 'soup-4', title: 'miso soup', tags: ['quick'] },
];

module.exports = recipes;
module.exports.byTag = (tag) => recipes.filter((r) => r.tags.includes(tag));
