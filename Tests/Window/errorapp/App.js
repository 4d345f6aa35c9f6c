import React, { useState } from 'react';
import { LogBox, Pressable, StyleSheet, Text, View } from 'react-native';

function Basket({ fruit }) {
  if (fruit === 'durian') {
    throw new Error('No durians in the basket');
  }
  return <Text testID="basket">A basket of {fruit}</Text>;
}

function noisyLogs() {
  console.warn('Require cycle: App.js -> Basket.js -> App.js');
  console.error('Deprecated: Basket.weigh() is now Basket.weight');
}

export default function App() {
  const [fruit, setFruit] = useState('apples');
  return (
    <View style={styles.screen} testID="home">
      <Basket fruit={fruit} />
      <Pressable testID="durian" onPress={() => setFruit('durian')} style={styles.button}>
        <Text>Add a durian</Text>
      </Pressable>
      <Pressable testID="pears" onPress={() => setFruit('pears')} style={styles.button}>
        <Text>Make it pears</Text>
      </Pressable>
      <Pressable testID="warn" onPress={() => console.warn('The basket is getting heavy')} style={styles.button}>
        <Text>Warn</Text>
      </Pressable>
      <Pressable testID="noisy" onPress={noisyLogs} style={styles.button}>
        <Text>Log what index.js ignores</Text>
      </Pressable>
      <Pressable testID="quiet" onPress={() => LogBox.ignoreAllLogs()} style={styles.button}>
        <Text>Hide the warnings</Text>
      </Pressable>
    </View>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, padding: 24, gap: 12 },
  button: { padding: 12, backgroundColor: '#e0e0e0', borderRadius: 6 },
});
