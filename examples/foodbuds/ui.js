'use strict';
// FoodBuds' shared pieces: colors, the chef picture, a recipe's tile, the top bar.

const React = require('react');
const { View, Text, Image, Pressable, StyleSheet } = require('react-native');
const { CHEF_PNG_BASE64 } = require('./data');

const colors = {
  bar: '#e8590c', barText: '#ffffff', background: '#f8f6f3', card: '#ffffff', text: '#222222',
  subtle: '#707070', accent: '#d9480f', separator: '#ebe7e1', chip: '#fff0e6', chipText: '#b3400a',
  tab: '#9a9a9a',
};

/** The "chef" image every bud shows (UIImage(named: "chef") in the talk). */
const CHEF_IMAGE = `data:image/png;base64,${CHEF_PNG_BASE64}`;

const TILE_COLORS = ['#2b8a3e', '#1971c2', '#c2255c', '#e67700', '#5f3dc4', '#0c8599', '#a61e4d', '#5c940d'];

function initials(name) {
  return name.split(/\s+/).slice(0, 2).map((word) => word[0]).join('').toUpperCase();
}

function tileColor(name) {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)) >>> 0;
  return TILE_COLORS[hash % TILE_COLORS.length];
}

/** A bud's round chef picture. */
function Avatar({ size, testID }) {
  return (
    <Image testID={testID} source={{ uri: CHEF_IMAGE }} accessibilityLabel="chef"
      style={{ width: size, height: size, borderRadius: size / 2, imageRendering: 'pixelated' }} />
  );
}

/** A recipe's picture: its initials on a colored tile. */
function RecipeTile({ name, size, testID }) {
  return (
    <View testID={testID} style={[styles.tile, { width: size, height: size, borderRadius: size / 5, backgroundColor: tileColor(name) }]}>
      <Text style={[styles.tileText, { fontSize: size / 2.6 }]}>{initials(name)}</Text>
    </View>
  );
}

function BackBar({ title, onBack }) {
  return (
    <View style={styles.bar}>
      <Pressable testID="back-button" accessibilityLabel="Back" onPress={onBack}
        style={({ pressed }) => [styles.back, pressed && { opacity: 0.6 }]}>
        <Text style={styles.backText}>‹ Back</Text>
      </Pressable>
      <Text style={styles.barTitle} numberOfLines={1}>{title}</Text>
      <View style={styles.back} />
    </View>
  );
}

const styles = StyleSheet.create({
  tile: { alignItems: 'center', justifyContent: 'center' },
  tileText: { color: 'white', fontWeight: 'bold', letterSpacing: 1 },
  bar: { flexDirection: 'row', alignItems: 'center', backgroundColor: colors.bar, height: 52, paddingHorizontal: 8 },
  back: { width: 76, paddingVertical: 8, paddingHorizontal: 8 },
  backText: { color: colors.barText, fontSize: 16 },
  barTitle: { flex: 1, color: colors.barText, fontSize: 17, fontWeight: 'bold', textAlign: 'center' },
});

module.exports = { colors, CHEF_IMAGE, Avatar, RecipeTile, BackBar };
