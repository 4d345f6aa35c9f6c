// A small windowed app for the window host's own tests (Tests/Window/run.sh): a
// search box whose hits come from NativeModules.SearchOnDevice.search, and a detail
// screen the desktop's requests open (onSearchOnDeviceRequest, getInitialRequest).
import React, { useEffect, useState } from 'react';
import { AppRegistry, NativeEventEmitter, NativeModules, Pressable, StyleSheet, Text, TextInput, View, FlatList } from 'react-native';

const { SearchOnDevice } = NativeModules;

const ITEMS = [
  { id: 'fruit-apple', title: 'Apple', description: 'A crisp red fruit', keywords: ['fruit'] },
  { id: 'fruit-apricot', title: 'Apricot', description: 'A soft orange fruit', keywords: ['fruit'] },
  { id: 'veg-asparagus', title: 'Asparagus', description: 'Green spears', keywords: ['vegetable'] },
  { id: 'veg-carrot', title: 'Carrot', description: 'An orange root', keywords: ['vegetable'] },
];

function Search({ onOpen }) {
  const [text, setText] = useState('');
  const [hits, setHits] = useState([]);
  useEffect(() => {
    let current = true;
    SearchOnDevice.search(text || 'a', { limit: 20 }).then((found) => { if (current) setHits(found); });
    return () => { current = false; };
  }, [text]);
  return (
    <View style={styles.screen} testID="search-screen">
      <TextInput testID="search-box" style={styles.input} value={text} onChangeText={setText} placeholder="Search" autoFocus />
      <FlatList
        data={hits}
        keyExtractor={(hit) => hit.id}
        renderItem={({ item }) => (
          <Pressable testID={`hit-${item.id}`} onPress={() => onOpen(item.id)} style={styles.row}>
            <Text style={styles.title}>{item.title}</Text>
            <Text>{item.description}</Text>
          </Pressable>
        )}
      />
    </View>
  );
}

function Detail({ id, onBack }) {
  const [item, setItem] = useState(null);
  useEffect(() => { SearchOnDevice.getItems([id]).then(([found]) => setItem(found)); }, [id]);
  return (
    <View style={styles.screen} testID="detail-screen">
      <Pressable testID="back" onPress={onBack}><Text>‹ Back</Text></Pressable>
      <Text testID="detail-title" style={styles.heading}>{item ? item.title : '…'}</Text>
      <Text>{item ? item.description : ''}</Text>
    </View>
  );
}

function App() {
  const [ready, setReady] = useState(false);
  const [openId, setOpenId] = useState(null);
  useEffect(() => {
    SearchOnDevice.indexItems(ITEMS).then(() => setReady(true));
    SearchOnDevice.getInitialRequest().then((request) => {
      console.log('initial request:', JSON.stringify(request));
    });
    const subscription = new NativeEventEmitter(SearchOnDevice).addListener('onSearchOnDeviceRequest', (request) => {
      console.log('request:', JSON.stringify(request));
      if (request.id) setOpenId(request.id);
    });
    return () => subscription.remove();
  }, []);
  if (!ready) return <Text>Loading…</Text>;
  return openId ? <Detail id={openId} onBack={() => setOpenId(null)} /> : <Search onOpen={setOpenId} />;
}

const styles = StyleSheet.create({
  screen: { flex: 1, padding: 16 },
  input: { borderWidth: 1, borderColor: '#888', borderRadius: 6, padding: 8, fontSize: 18, marginBottom: 12 },
  row: { paddingVertical: 8, borderBottomWidth: 1, borderColor: '#ddd' },
  title: { fontWeight: 'bold', fontSize: 16 },
  heading: { fontSize: 28, fontWeight: 'bold', marginVertical: 12 },
});

AppRegistry.registerComponent('WindowTestApp', () => App);
