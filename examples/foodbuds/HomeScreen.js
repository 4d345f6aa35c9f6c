'use strict';
// FoodBuds' home: a search field over buds and recipes (searching as the user
// types, matched text in bold; Enter opens the first) and, while it is empty, the
// talk's two tabs, FoodBuds and Recipes.

const React = require('react');
const { View, Text, TextInput, FlatList, Pressable, StyleSheet } = require('react-native');
const searchlight = require('searchlight');
const { FOODBUD_DOMAIN, RECIPE_DOMAIN, foodBuds, recipes } = require('./data');
const { Highlighted, rangesFor } = require('../shared/Highlighted');
const { colors, Avatar, RecipeTile } = require('./ui');

/** A row for a bud or a recipe: hits from the index and plain list entries alike. */
function Row({ row, query, onOpen }) {
  const title = row.title;
  const description = row.description || '';
  const [hovered, setHovered] = React.useState(false);
  return (
    <Pressable testID={`result-${row.id}`} accessibilityLabel={title} onPress={() => onOpen(row.id, row.domain)}
      onHoverIn={() => setHovered(true)} onHoverOut={() => setHovered(false)}
      style={({ pressed }) => [styles.row, hovered && styles.rowHovered, pressed && styles.rowPressed]}>
      {row.domain === FOODBUD_DOMAIN
        ? <Avatar size={48} />
        : <RecipeTile name={title} size={48} />}
      <View style={styles.rowText}>
        <Highlighted text={title} ranges={rangesFor(row, 'title', title, query)} style={styles.rowTitle}
          highlightStyle={styles.match} numberOfLines={1} />
        <Highlighted text={description} ranges={rangesFor(row, 'description', description, query)}
          style={styles.rowDescription} highlightStyle={styles.match} numberOfLines={2} />
      </View>
      {query.trim() !== '' ? (
        <Text style={styles.kind}>{row.domain === FOODBUD_DOMAIN ? 'Bud' : 'Recipe'}</Text>
      ) : null}
      <Text style={styles.chevron}>›</Text>
    </Pressable>
  );
}

function budRow(bud) {
  return { id: bud.objectId, domain: FOODBUD_DOMAIN, title: bud.name, description: `${bud.specialties.join(', ')}\n${bud.phone}` };
}

function recipeRow(recipe) {
  return { id: recipe.name, domain: RECIPE_DOMAIN, title: recipe.name, description: recipe.ingredients.join(', ') };
}

function HomeScreen({ query, onChangeQuery, tab, onChangeTab, onOpen, indexed, visible }) {
  const [hits, setHits] = React.useState(null);
  const input = React.useRef(null);

  // Back on this screen (after a detail screen), typing goes to the search field again.
  React.useEffect(() => {
    if (visible && input.current) input.current.focus();
  }, [visible]);
  const [error, setError] = React.useState(null);
  const latest = React.useRef(0);
  const searching = query.trim() !== '';

  React.useEffect(() => {
    if (!searching || !indexed) return;
    const request = ++latest.current;
    searchlight.search(query, { domains: [FOODBUD_DOMAIN, RECIPE_DOMAIN], limit: 50 }).then((found) => {
      if (request !== latest.current) return; // a newer keystroke's answer wins
      setHits(found);
      setError(null);
    }, (failure) => {
      if (request === latest.current) setError(`${failure.code ? `${failure.code}: ` : ''}${failure.message}`);
    });
  }, [query, indexed, searching]);

  let rows;
  let summary;
  if (searching) {
    rows = hits || [];
    summary = hits === null ? 'Searching…' : `${hits.length} result${hits.length === 1 ? '' : 's'} for “${query.trim()}”`;
  } else if (tab === 'recipes') {
    rows = recipes.map(recipeRow);
    summary = `${recipes.length} recipes`;
  } else {
    rows = foodBuds.map(budRow);
    summary = `${foodBuds.length} friends who cook`;
  }

  return (
    <View style={styles.screen} testID="search-screen">
      <View style={styles.bar}>
        <View style={styles.barInner}>
          <Text style={styles.barTitle} accessibilityRole="header">FoodBuds</Text>
          <View style={styles.field}>
            <TextInput ref={input} testID="search-input" style={styles.input} value={query} onChangeText={onChangeQuery}
              onSubmitEditing={() => { if (searching && hits && hits.length > 0) onOpen(hits[0].id, hits[0].domain); }}
              placeholder="Search buds, recipes, ingredients" placeholderTextColor="#a0a0a0" autoFocus
              returnKeyType="search" accessibilityLabel="Search" autoCorrect={false} />
            {query !== '' ? (
              <Pressable testID="search-clear" accessibilityLabel="Clear" onPress={() => onChangeQuery('')} style={styles.clear}>
                <Text style={styles.clearText}>×</Text>
              </Pressable>
            ) : null}
          </View>
        </View>
      </View>
      {error !== null ? <Text style={styles.error}>{error}</Text> : null}
      <FlatList
        testID="result-list"
        data={rows}
        keyExtractor={(row) => `${row.domain}/${row.id}`}
        renderItem={({ item }) => <Row row={item} query={query} onOpen={onOpen} />}
        ItemSeparatorComponent={() => <View style={styles.separator} />}
        ListHeaderComponent={<Text style={styles.summary} testID="result-summary">{summary}</Text>}
        ListEmptyComponent={searching && hits !== null ? (
          <View style={styles.empty} testID="empty-results">
            <Text style={styles.emptyTitle}>{`Nothing matches “${query.trim()}”`}</Text>
            <Text style={styles.emptyHint}>Try a dish, an ingredient or a friend’s name.</Text>
          </View>
        ) : null}
        contentContainerStyle={styles.list}
      />
      {searching ? null : (
        <View style={styles.tabs}>
          {[['foodbuds', 'FoodBuds'], ['recipes', 'Recipes']].map(([key, label]) => (
            <Pressable key={key} testID={`tab-${key}`} accessibilityRole="tab"
              accessibilityState={{ selected: tab === key }} onPress={() => onChangeTab(key)} style={styles.tab}>
              <View style={[styles.tabMark, tab === key && styles.tabMarkOn]} />
              <Text style={[styles.tabLabel, tab === key && styles.tabLabelOn]}>{label}</Text>
            </Pressable>
          ))}
        </View>
      )}
    </View>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, backgroundColor: colors.background },
  bar: { backgroundColor: colors.bar, paddingTop: 16, paddingBottom: 14 },
  // The bar's content lines up with the list's phone-width column in a wide window.
  barInner: { width: '100%', maxWidth: 720, alignSelf: 'center', paddingHorizontal: 16 },
  barTitle: { color: colors.barText, fontSize: 24, fontWeight: 'bold', marginBottom: 12 },
  field: {
    flexDirection: 'row', alignItems: 'center', backgroundColor: 'white', borderRadius: 10, paddingHorizontal: 12, height: 42,
  },
  input: { flex: 1, fontSize: 16, color: colors.text, height: 40, outlineStyle: 'none' },
  clear: { width: 24, height: 24, borderRadius: 12, backgroundColor: '#cfcac4', alignItems: 'center', justifyContent: 'center' },
  clearText: { color: 'white', fontSize: 16, lineHeight: 18, fontWeight: 'bold' },
  list: { paddingBottom: 16, width: '100%', maxWidth: 720, alignSelf: 'center' },
  summary: { color: colors.subtle, fontSize: 12, paddingHorizontal: 16, paddingTop: 14, paddingBottom: 8, textTransform: 'uppercase', letterSpacing: 0.5 },
  row: { flexDirection: 'row', alignItems: 'center', backgroundColor: colors.card, paddingHorizontal: 16, paddingVertical: 12 },
  rowHovered: { backgroundColor: '#fbf9f6' },
  rowPressed: { backgroundColor: '#f3efe9' },
  rowText: { flex: 1, marginLeft: 14 },
  rowTitle: { fontSize: 16, color: colors.text, fontWeight: '600' },
  rowDescription: { fontSize: 13, color: colors.subtle, marginTop: 3, lineHeight: 18 },
  match: { fontWeight: 'bold', color: colors.accent },
  kind: {
    fontSize: 11, color: colors.chipText, backgroundColor: colors.chip, paddingHorizontal: 8, paddingVertical: 2,
    borderRadius: 8, marginLeft: 8, overflow: 'hidden',
  },
  chevron: { fontSize: 24, color: '#c8c2ba', marginLeft: 8 },
  separator: { height: StyleSheet.hairlineWidth, backgroundColor: colors.separator, marginLeft: 78 },
  empty: { alignItems: 'center', paddingHorizontal: 24, paddingTop: 48 },
  emptyTitle: { fontSize: 15, color: colors.text, fontWeight: '600', textAlign: 'center' },
  emptyHint: { fontSize: 13, color: colors.subtle, marginTop: 6 },
  error: { color: '#c92a2a', padding: 16 },
  tabs: { flexDirection: 'row', backgroundColor: 'white', borderTopWidth: StyleSheet.hairlineWidth, borderColor: '#dcd6ce' },
  tab: { flex: 1, alignItems: 'center', paddingTop: 8, paddingBottom: 10 },
  tabMark: { width: 22, height: 4, borderRadius: 2, backgroundColor: 'transparent', marginBottom: 6 },
  tabMarkOn: { backgroundColor: colors.bar },
  tabLabel: { fontSize: 13, color: colors.tab, fontWeight: '600' },
  tabLabelOn: { color: colors.accent },
});

module.exports = { HomeScreen };
