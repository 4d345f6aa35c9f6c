'use strict';
// The home screen: a search field that searches the catalog as the user types, and
// the works it finds, best first, with the matched text in bold (Enter opens the
// first). With the field empty it lists the whole catalog.

const React = require('react');
const {
  View, Text, TextInput, FlatList, Pressable, ActivityIndicator, StyleSheet,
} = require('react-native');
const searchlight = require('searchlight');
const { DOMAIN, books, bookWithId, duration } = require('./catalog');
const { Highlighted, rangesFor } = require('../shared/Highlighted');
const { Cover } = require('./Cover');
const { coverURL } = require('./covers');
const { colors } = require('./theme');

/** The hits for `query` (the whole catalog in order when it is empty). */
async function find(query) {
  if (query.trim() === '') {
    const items = await searchlight.getItems(books.map((book) => book.id));
    return items.filter((item) => item !== null);
  }
  return searchlight.search(query, { domains: [DOMAIN], limit: 50 });
}

function ResultRow({ hit, query, onOpen }) {
  const book = bookWithId(hit.id);
  const title = hit.title || (book ? book.title : hit.id);
  const description = hit.description || '';
  const [hovered, setHovered] = React.useState(false);
  return (
    <Pressable testID={`result-${hit.id}`} accessibilityLabel={title} onPress={() => onOpen(hit.id)}
      onHoverIn={() => setHovered(true)} onHoverOut={() => setHovered(false)}
      style={({ pressed }) => [styles.row, hovered && styles.rowHovered, pressed && styles.rowPressed]}>
      {book ? <Cover book={book} width={52} source={{ uri: coverURL(book) }} /> : null}
      <View style={styles.rowText}>
        <Highlighted text={title} ranges={rangesFor(hit, 'title', title, query)} style={styles.rowTitle}
          highlightStyle={styles.match} numberOfLines={1} />
        <Highlighted text={description} ranges={rangesFor(hit, 'description', description, query)}
          style={styles.rowDescription} highlightStyle={styles.match} numberOfLines={2} />
        {book ? (
          <Text style={styles.rowMeta}>{`${duration(book.minutes)}・${book.genres.join('・')}`}</Text>
        ) : null}
      </View>
      <Text style={styles.chevron}>›</Text>
    </Pressable>
  );
}

function SearchScreen({ query, onChangeQuery, onOpen, indexed, visible }) {
  const [hits, setHits] = React.useState(null);
  const input = React.useRef(null);

  // Back on this screen (after a detail screen), typing goes to the search field again.
  React.useEffect(() => {
    if (visible && input.current) input.current.focus();
  }, [visible]);
  const [error, setError] = React.useState(null);
  const latest = React.useRef(0);

  React.useEffect(() => {
    if (!indexed) return;
    const request = ++latest.current;
    find(query).then((found) => {
      if (request !== latest.current) return; // a newer keystroke's answer wins
      setHits(found);
      setError(null);
    }, (failure) => {
      if (request !== latest.current) return;
      setError(`${failure.code ? `${failure.code}: ` : ''}${failure.message}`);
    });
  }, [query, indexed]);

  const searching = query.trim() !== '';
  let summary = '';
  if (hits !== null) summary = searching ? `「${query.trim()}」の検索結果 ${hits.length}件` : `すべての作品 ${hits.length}件`;

  return (
    <View style={styles.screen} testID="search-screen">
      <View style={styles.bar}>
        <View style={styles.barInner}>
          <Text style={styles.barTitle} accessibilityRole="header">オーディオブック</Text>
          <Text style={styles.barSubtitle}>{`${books.length}作品を配信中`}</Text>
          <View style={styles.field}>
            <View style={styles.lens}><View style={styles.lensRing} /><View style={styles.lensHandle} /></View>
            <TextInput ref={input} testID="search-input" style={styles.input} value={query} onChangeText={onChangeQuery}
              onSubmitEditing={() => { if (hits && hits.length > 0) onOpen(hits[0].id); }}
              placeholder="作品名・著者・朗読者で検索" placeholderTextColor="#9a9aa5" autoFocus
              returnKeyType="search" accessibilityLabel="検索" autoCorrect={false} />
            {query !== '' ? (
              <Pressable testID="search-clear" accessibilityLabel="クリア" onPress={() => onChangeQuery('')}
                style={styles.clear}>
                <Text style={styles.clearText}>×</Text>
              </Pressable>
            ) : null}
          </View>
        </View>
      </View>
      {error !== null ? <Text style={styles.error}>{error}</Text> : null}
      {hits === null ? (
        <View style={styles.loading}>
          <ActivityIndicator size="large" color={colors.accent} />
          <Text style={styles.loadingText}>作品を検索に登録しています…</Text>
        </View>
      ) : (
        <FlatList
          testID="result-list"
          data={hits}
          keyExtractor={(hit) => hit.id}
          renderItem={({ item }) => <ResultRow hit={item} query={query} onOpen={onOpen} />}
          ItemSeparatorComponent={() => <View style={styles.separator} />}
          ListHeaderComponent={<Text style={styles.summary} testID="result-summary">{summary}</Text>}
          ListEmptyComponent={(
            <View style={styles.empty} testID="empty-results">
              <Text style={styles.emptyTitle}>{`「${query.trim()}」に一致する作品はありません`}</Text>
              <Text style={styles.emptyHint}>別のキーワードや著者名でお試しください。</Text>
            </View>
          )}
          contentContainerStyle={styles.list}
        />
      )}
    </View>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, backgroundColor: colors.background },
  bar: { backgroundColor: colors.bar, paddingTop: 18, paddingBottom: 14 },
  // The bar's content lines up with the list's phone-width column in a wide window.
  barInner: { width: '100%', maxWidth: 720, alignSelf: 'center', paddingHorizontal: 16 },
  barTitle: { color: colors.barText, fontSize: 22, fontWeight: 'bold', letterSpacing: 1 },
  barSubtitle: { color: colors.barSubtle, fontSize: 12, marginTop: 2, marginBottom: 12 },
  field: {
    flexDirection: 'row', alignItems: 'center', backgroundColor: colors.field, borderRadius: 10,
    paddingHorizontal: 12, height: 42,
  },
  lens: { width: 18, height: 18, marginRight: 8 },
  lensRing: { position: 'absolute', left: 1, top: 1, width: 12, height: 12, borderRadius: 6, borderWidth: 2, borderColor: '#8a8a96' },
  lensHandle: {
    position: 'absolute', left: 11, top: 12, width: 7, height: 2, borderRadius: 1, backgroundColor: '#8a8a96',
    transform: [{ rotate: '45deg' }],
  },
  input: { flex: 1, fontSize: 16, color: colors.text, height: 40, outlineStyle: 'none' },
  clear: { width: 24, height: 24, borderRadius: 12, backgroundColor: '#c9c6bf', alignItems: 'center', justifyContent: 'center' },
  clearText: { color: 'white', fontSize: 16, lineHeight: 18, fontWeight: 'bold' },
  list: { paddingBottom: 24, width: '100%', maxWidth: 720, alignSelf: 'center' },
  summary: { color: colors.subtle, fontSize: 12, paddingHorizontal: 16, paddingTop: 14, paddingBottom: 8 },
  row: {
    flexDirection: 'row', alignItems: 'center', backgroundColor: colors.card, paddingHorizontal: 16, paddingVertical: 12,
  },
  rowHovered: { backgroundColor: '#faf8f4' },
  rowPressed: { backgroundColor: '#f1ede6' },
  rowText: { flex: 1, marginLeft: 14 },
  rowTitle: { fontSize: 16, color: colors.text, fontWeight: '600' },
  rowDescription: { fontSize: 13, color: colors.subtle, marginTop: 3, lineHeight: 18 },
  rowMeta: { fontSize: 12, color: colors.accent, marginTop: 4 },
  match: { fontWeight: 'bold', color: colors.accent },
  chevron: { fontSize: 24, color: '#c4c0b8', marginLeft: 8 },
  separator: { height: StyleSheet.hairlineWidth, backgroundColor: colors.separator, marginLeft: 82 },
  loading: { flex: 1, alignItems: 'center', justifyContent: 'center' },
  loadingText: { marginTop: 12, color: colors.subtle },
  empty: { alignItems: 'center', paddingHorizontal: 24, paddingTop: 48 },
  emptyTitle: { fontSize: 15, color: colors.text, fontWeight: '600', textAlign: 'center' },
  emptyHint: { fontSize: 13, color: colors.subtle, marginTop: 6 },
  error: { color: '#c92a2a', padding: 16 },
});

module.exports = { SearchScreen };
