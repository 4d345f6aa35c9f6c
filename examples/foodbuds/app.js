'use strict';
// FoodBuds: the demo app of "Your App in Spotlight" on Linux. Two tabs, FoodBuds
// (friends who cook, with their specialties, phone and email) and Recipes.
//
//   searchlight run examples/foodbuds/app.js                 index everything, FoodBuds tab
//   searchlight run examples/foodbuds/app.js recipes         the Recipes tab
//   searchlight run examples/foodbuds/app.js bud bud-mei     open a bud (a viewed record)
//   searchlight run examples/foodbuds/app.js remove-recipes  removeRecipesFromSearchableIndex
//   searchlight run examples/foodbuds/app.js --activate 'Mapo Tofu'   a search result opened
//   searchlight run examples/foodbuds/app.js --continue dumplings     a search continued in the app
// A search result opens the tab of its domain and restores the detail screen
// (continueUserActivity → restoreUserActivityState in the talk).

const searchlight = require('searchlight');
const {
  FOODBUD_DOMAIN, RECIPE_DOMAIN, recipes, foodBuds, recipeItem, foodBudItem, foodBudActivity,
} = require('./data');

const TABS = ['FoodBuds', 'Recipes'];

function header(tab, title) {
  console.log('');
  const bar = TABS.map((name, index) => (index === tab ? `[${name}]` : ` ${name} `)).join(' ');
  console.log(`${bar}${title ? `  › ${title}` : ''}`);
}

function budWithId(id) {
  return foodBuds.find((bud) => bud.objectId === id) || null;
}

function recipeNamed(name) {
  return recipes.find((recipe) => recipe.name === name) || null;
}

async function addEverythingToSearchableIndex() {
  const written = await searchlight.indexItems([...foodBuds.map(foodBudItem), ...recipes.map(recipeItem)]);
  console.log(`FoodBuds: ${written} buds and recipes are searchable`);
}

async function removeRecipesFromSearchableIndex() {
  const deleted = await searchlight.deleteItemsInDomains([RECIPE_DOMAIN]);
  console.log(`FoodBuds: removed ${deleted} recipes from the search index`);
}

function showFoodBuds() {
  header(0);
  foodBuds.forEach((bud) => console.log(`  ${bud.name.padEnd(15)} ${bud.specialties.join(', ')}`));
}

function showRecipes() {
  header(1);
  recipes.forEach((recipe) => console.log(`  ${recipe.name.padEnd(20)} ${recipe.ingredients.length} ingredients`));
}

/** A bud's screen; viewing it makes the bud a searchable viewed record (NSUserActivity). */
async function showFoodBud(bud) {
  header(0, bud.name);
  console.log(`  specialties  ${bud.specialties.join(', ')}`);
  console.log(`  phone        ${bud.phone}   [Call]`);
  console.log(`  email        ${bud.email}`);
  console.log(`  recipes      ${bud.recipes.join(', ')}`);
  await searchlight.becomeCurrent(foodBudActivity(bud));
}

function showRecipe(recipe) {
  header(1, recipe.name);
  recipe.ingredients.forEach((ingredient) => console.log(`  • ${ingredient}`));
  const cooks = foodBuds.filter((bud) => bud.recipes.includes(recipe.name)).map((bud) => bud.name);
  if (cooks.length > 0) console.log(`  cooked by ${cooks.join(', ')}`);
}

/** A search result was opened: pick the tab by the item's domain, then restore the detail. */
async function continueUserActivity(id) {
  const [item] = await searchlight.getItems([id]);
  const bud = budWithId(id);
  const recipe = recipeNamed(id);
  if (bud !== null && (item === null || item.domain === FOODBUD_DOMAIN)) return showFoodBud(bud);
  if (recipe !== null) return showRecipe(recipe);
  header(0);
  console.log(`  "${id}" is no longer in FoodBuds`);
  return undefined;
}

async function showSearch(text) {
  const hits = await searchlight.search(text, { domains: [FOODBUD_DOMAIN, RECIPE_DOMAIN] });
  console.log('');
  console.log(`Search "${text}" — ${hits.length} result${hits.length === 1 ? '' : 's'}`);
  for (const hit of hits) {
    const kind = hit.domain === FOODBUD_DOMAIN ? 'bud' : 'recipe';
    console.log(`  ${hit.title.padEnd(20)} ${kind.padEnd(7)} ${(hit.description || '').split('\n')[0]}`);
  }
}

function handleRequest(request) {
  const screen = request.id !== null ? continueUserActivity(request.id) : showSearch(request.query);
  screen.catch(fail);
}

function fail(error) {
  console.error(`foodbuds: ${error.code ? `${error.code}: ` : ''}${error.message}`);
  process.exitCode = 1;
}

async function main() {
  const [command, argument] = process.argv.slice(2);
  searchlight.onReindexRequest(() => {
    addEverythingToSearchableIndex().catch(fail);
  });
  if (command === 'remove-recipes') {
    await removeRecipesFromSearchableIndex();
    return;
  }
  await addEverythingToSearchableIndex();
  const initial = await searchlight.getInitialRequest();
  // The request that started the app, if any, reaches this first listener too.
  searchlight.onRequest(handleRequest);
  if (initial !== null) return;
  if (command === 'recipes') {
    showRecipes();
  } else if (command === 'bud') {
    const bud = budWithId(argument);
    if (bud === null) throw new Error(`no bud with id "${argument}" (ids: ${foodBuds.map((b) => b.objectId).join(', ')})`);
    await showFoodBud(bud);
  } else if (command === undefined) {
    showFoodBuds();
  } else {
    throw new Error(`unknown command "${command}" (recipes, bud ID, remove-recipes)`);
  }
}

main().catch(fail);
