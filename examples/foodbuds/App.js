'use strict';
// The windowed FoodBuds app: indexes every bud and recipe at start (as app.js does),
// then shows the home screen, or what the system search asked for: `{id}` opens the
// bud's or the recipe's screen (chosen by the item's domain, as the talk's
// continueUserActivity picks the tab), `{query}` the search with the text filled
// in. Back (the bar's button, Escape) pops one screen.

const React = require('react');
const { View, Text, BackHandler, StyleSheet } = require('react-native');
const searchlight = require('searchlight');
const { FOODBUD_DOMAIN, RECIPE_DOMAIN, recipes, foodBuds, recipeItem, foodBudItem } = require('./data');
const { HomeScreen } = require('./HomeScreen');
const { BudScreen, RecipeScreen, MissingScreen } = require('./DetailScreens');

function describe(error) {
  return `${error.code ? `${error.code}: ` : ''}${error.message}`;
}

async function indexEverything() {
  const written = await searchlight.indexItems([...foodBuds.map(foodBudItem), ...recipes.map(recipeItem)]);
  console.log(`FoodBuds: ${written} buds and recipes are searchable`);
}

/** The screen for an id: a bud or a recipe, by the indexed item's domain when known. */
async function routeFor(id) {
  const [item] = await searchlight.getItems([id]);
  const bud = foodBuds.find((b) => b.objectId === id);
  const recipe = recipes.find((r) => r.name === id);
  if (bud && (item === null || item.domain === FOODBUD_DOMAIN)) return { name: 'bud', id };
  if (recipe) return { name: 'recipe', id };
  return { name: 'missing', id };
}

function App() {
  const [query, setQuery] = React.useState('');
  const [tab, setTab] = React.useState('foodbuds');
  const [stack, setStack] = React.useState([]);
  const [indexed, setIndexed] = React.useState(false);
  const [started, setStarted] = React.useState(false);
  const [failure, setFailure] = React.useState(null);

  const push = (route) => setStack((routes) => [...routes, route]);
  const pop = () => setStack((routes) => routes.slice(0, -1));

  React.useEffect(() => {
    const open = (request) => {
      if (typeof request.id === 'string') {
        routeFor(request.id).then((route) => {
          setTab(route.name === 'recipe' ? 'recipes' : 'foodbuds');
          setStack([route]);
        }, (error) => setFailure(describe(error)));
      } else if (typeof request.query === 'string') {
        setStack([]);
        setQuery(request.query);
      }
    };
    const unsubscribe = [];
    (async () => {
      await indexEverything();
      setIndexed(true);
      const initial = await searchlight.getInitialRequest();
      if (initial !== null && typeof initial.query === 'string') setQuery(initial.query);
      setStarted(true);
      // The request that started the app, if any, reaches this first listener too.
      unsubscribe.push(searchlight.onRequest(open));
      unsubscribe.push(searchlight.onReindexRequest(() => {
        indexEverything().catch((error) => setFailure(describe(error)));
      }));
    })().catch((error) => {
      console.error(`foodbuds: ${describe(error)}`);
      setFailure(describe(error));
      setStarted(true);
    });
    return () => unsubscribe.forEach((remove) => remove());
  }, []);

  React.useEffect(() => {
    if (stack.length === 0) return undefined;
    const subscription = BackHandler.addEventListener('hardwareBackPress', () => {
      pop();
      return true;
    });
    return () => subscription.remove();
  }, [stack.length]);

  if (!started) return <View style={styles.blank} />;
  const top = stack[stack.length - 1];
  let detail = null;
  if (top && top.name === 'bud') {
    const bud = foodBuds.find((b) => b.objectId === top.id);
    detail = <BudScreen key={top.id} bud={bud} onBack={pop}
      onOpenRecipe={(name) => push({ name: 'recipe', id: name })} />;
  } else if (top && top.name === 'recipe') {
    const recipe = recipes.find((r) => r.name === top.id);
    detail = <RecipeScreen key={top.id} recipe={recipe} onBack={pop}
      onOpenBud={(id) => push({ name: 'bud', id })} />;
  } else if (top) {
    detail = <MissingScreen id={top.id} onBack={pop} />;
  }
  return (
    <View style={styles.app}>
      {failure !== null ? <Text style={styles.failure} testID="app-error">{failure}</Text> : null}
      {/* The home screen stays mounted under the detail screens, as in a navigation stack. */}
      <View style={[styles.app, detail !== null && styles.hidden]}>
        <HomeScreen query={query} onChangeQuery={setQuery} tab={tab} onChangeTab={setTab} indexed={indexed}
          visible={detail === null}
          onOpen={(id, domain) => push(domain === RECIPE_DOMAIN ? { name: 'recipe', id } : { name: 'bud', id })} />
      </View>
      {detail}
    </View>
  );
}

const styles = StyleSheet.create({
  app: { flex: 1 },
  hidden: { display: 'none' },
  blank: { flex: 1, backgroundColor: '#f8f6f3' },
  failure: { backgroundColor: '#ffe3e3', color: '#c92a2a', padding: 12 },
});

module.exports = { App };
