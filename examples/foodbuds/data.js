'use strict';
// FoodBuds' data: the buds (friends who cook) and their recipes, and how each
// becomes a searchable item, as in the "Your App in Spotlight" talk.

/** FoodBud.domainIdentifier: the domain of buds and the activity type of viewing one. */
const FOODBUD_DOMAIN = 'com.kodeplus.foodbuds.foodbud';
/** Recipe.domainIdentifier. */
const RECIPE_DOMAIN = 'com.kodeplus.foodbuds.recipe';

/** The "chef" image every bud shows (UIImage(named: "chef")), a 16×16 PNG. */
const CHEF_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAALElEQVR42mN4VqdEEmLAFPqPBAh' +
  'r+I8B8Gn4jwMMoIbh4IfBGazkJD4qawAA+e4HB09KbyEAAAAASUVORK5CYII=';

const recipes = [
  { name: 'Jollof Rice', ingredients: ['rice', 'tomatoes', 'scotch bonnet', 'onions', 'thyme'] },
  { name: 'Suya Skewers', ingredients: ['beef', 'peanuts', 'ginger', 'cayenne'] },
  { name: 'Spaghetti Carbonara', ingredients: ['spaghetti', 'eggs', 'pecorino', 'guanciale', 'black pepper'] },
  { name: 'Tiramisu', ingredients: ['mascarpone', 'eggs', 'espresso', 'ladyfingers', 'cocoa'] },
  { name: 'Pork Dumplings', ingredients: ['flour', 'pork', 'cabbage', 'ginger', 'soy sauce'] },
  { name: 'Mapo Tofu', ingredients: ['tofu', 'pork', 'doubanjiang', 'sichuan pepper'] },
  { name: 'Tacos al Pastor', ingredients: ['pork', 'pineapple', 'tortillas', 'achiote', 'onions'] },
  { name: 'Guacamole', ingredients: ['avocado', 'lime', 'onions', 'cilantro', 'jalapeño'] },
];

const foodBuds = [
  {
    objectId: 'bud-amara', name: 'Amara Okafor', email: 'amara@foodbuds.example', phone: '+234 803 555 0101',
    specialties: ['Nigerian', 'Jollof', 'Grilling'], recipes: ['Jollof Rice', 'Suya Skewers'],
  },
  {
    objectId: 'bud-marco', name: 'Marco Bellini', email: 'marco@foodbuds.example', phone: '+39 02 5550 1234',
    specialties: ['Italian', 'Pasta', 'Desserts'], recipes: ['Spaghetti Carbonara', 'Tiramisu'],
  },
  {
    objectId: 'bud-mei', name: 'Mei Lin', email: 'mei@foodbuds.example', phone: '+86 28 5550 8888',
    specialties: ['Sichuan', 'Dumplings', 'Spicy'], recipes: ['Pork Dumplings', 'Mapo Tofu'],
  },
  {
    objectId: 'bud-sofia', name: 'Sofía Ramírez', email: 'sofia@foodbuds.example', phone: '+52 55 5550 4321',
    specialties: ['Mexican', 'Street food', 'Salsas'], recipes: ['Tacos al Pastor', 'Guacamole'],
  },
];

/** A recipe as a searchable item: its name is its identifier, as in the talk. */
function recipeItem(recipe) {
  return {
    id: recipe.name,
    domain: RECIPE_DOMAIN,
    title: recipe.name,
    description: recipe.ingredients.join(', '),
    keywords: recipe.name.split(' ').concat(recipe.ingredients),
  };
}

/** A bud's CSSearchableItemAttributeSet: contact type, phone, email, call button, chef image. */
function foodBudAttributes(bud) {
  return {
    title: bud.name,
    description: `${bud.specialties.join(', ')}\n${bud.phone}`,
    contentType: 'public.contact',
    thumbnailData: CHEF_PNG_BASE64,
    supportsPhoneCall: true,
    phoneNumbers: [bud.phone],
    emailAddresses: [bud.email],
    keywords: bud.specialties,
  };
}

/** A bud as a searchable item. */
function foodBudItem(bud) {
  return { id: bud.objectId, domain: FOODBUD_DOMAIN, ...foodBudAttributes(bud) };
}

/** The NSUserActivity of viewing a bud (FoodBud.userActivity with its contentAttributeSet). */
function foodBudActivity(bud) {
  return {
    activityType: FOODBUD_DOMAIN,
    userInfo: { id: bud.objectId },
    relatedUniqueIdentifier: bud.objectId,
    eligibleForSearch: true,
    ...foodBudAttributes(bud),
  };
}

module.exports = {
  FOODBUD_DOMAIN, RECIPE_DOMAIN, CHEF_PNG_BASE64, recipes, foodBuds, recipeItem, foodBudItem, foodBudActivity,
};
