'use strict';
// The windowed Audiobooks app: indexes the catalog on first start (as app.js does),
// then shows the search screen, or the screen the system search asked for: `{id}`
// opens the work's detail screen, `{query}` the search screen with the text filled
// in. Back (the bar's button, Escape) returns from a detail screen to the search.

const React = require('react');
const { View, Text, BackHandler, StyleSheet } = require('react-native');
const searchlight = require('searchlight');
const { indexCatalog } = require('./catalog');
const { coverURL } = require('./covers');
const { SearchScreen } = require('./SearchScreen');
const { DetailScreen } = require('./DetailScreen');

function describe(error) {
  return `${error.code ? `${error.code}: ` : ''}${error.message}`;
}

function App() {
  const [query, setQuery] = React.useState('');
  const [detailId, setDetailId] = React.useState(null);
  const [indexed, setIndexed] = React.useState(false);
  const [started, setStarted] = React.useState(false);
  const [failure, setFailure] = React.useState(null);

  React.useEffect(() => {
    const open = (request) => {
      if (typeof request.id === 'string') {
        setDetailId(request.id);
      } else if (typeof request.query === 'string') {
        setDetailId(null);
        setQuery(request.query);
      }
    };
    const unsubscribe = [];
    (async () => {
      // The screen to open first: the request that started the app, if any.
      const initial = await searchlight.getInitialRequest();
      if (initial !== null) open(initial);
      setStarted(true);
      // Later requests (and the initial one again, buffered) reach this listener.
      unsubscribe.push(searchlight.onRequest(open));
      unsubscribe.push(searchlight.onReindexRequest(({ ids, reason }) => {
        console.log(`オーディオブック: 検索の再登録 (${reason})`);
        indexCatalog(searchlight, { ids, force: true, imageUrl: coverURL }).catch((error) => setFailure(describe(error)));
      }));
      const written = await indexCatalog(searchlight, { imageUrl: coverURL });
      if (written > 0) console.log(`オーディオブック: ${written}作品を検索に登録しました`);
      setIndexed(true);
    })().catch((error) => {
      console.error(`audiobooks: ${describe(error)}`);
      setFailure(describe(error));
      setStarted(true);
    });
    return () => unsubscribe.forEach((remove) => remove());
  }, []);

  React.useEffect(() => {
    if (detailId === null) return undefined;
    const subscription = BackHandler.addEventListener('hardwareBackPress', () => {
      setDetailId(null);
      return true;
    });
    return () => subscription.remove();
  }, [detailId]);

  if (!started) return <View style={styles.blank} />;
  return (
    <View style={styles.app}>
      {failure !== null ? <Text style={styles.failure} testID="app-error">{failure}</Text> : null}
      {/* The search screen stays mounted under a detail screen, as in a navigation stack. */}
      <View style={[styles.app, detailId !== null && styles.hidden]}>
        <SearchScreen query={query} onChangeQuery={setQuery} onOpen={setDetailId} indexed={indexed}
          visible={detailId === null} />
      </View>
      {detailId !== null ? <DetailScreen id={detailId} onBack={() => setDetailId(null)} /> : null}
    </View>
  );
}

const styles = StyleSheet.create({
  app: { flex: 1 },
  hidden: { display: 'none' },
  blank: { flex: 1, backgroundColor: '#f4f2ee' },
  failure: { backgroundColor: '#ffe3e3', color: '#c92a2a', padding: 12 },
});

module.exports = { App };
