'use strict';
// A work's cover: its cover image (./images) filling the frame, with the title set
// vertically as on a Japanese book.

const React = require('react');
const { View, Image, Text, StyleSheet } = require('react-native');

function Cover({ book, source, width, testID }) {
  const height = Math.round(width * 1.4);
  const small = width < 80;
  return (
    <View style={[styles.frame, { width, height, borderRadius: small ? 4 : 8 }]} testID={testID}>
      <Image source={source} style={StyleSheet.absoluteFill} resizeMode="cover"
        accessibilityLabel={`${book.title}の表紙`} />
      <View style={[styles.spine, { left: small ? 3 : 8, top: small ? 3 : 10, bottom: small ? 3 : 10 }]} />
      <Text style={[styles.title, { fontSize: small ? Math.max(9, width / 6) : width / 9, top: small ? 5 : 18,
        right: small ? 5 : 16 }]}>
        {book.title}
      </Text>
      {small ? null : (
        <Text style={[styles.author, { fontSize: width / 16, left: 20, bottom: 18 }]}>{book.author}</Text>
      )}
    </View>
  );
}

const styles = StyleSheet.create({
  frame: {
    overflow: 'hidden', backgroundColor: '#888',
    shadowColor: '#000', shadowOpacity: 0.25, shadowRadius: 6, shadowOffset: { width: 0, height: 2 },
  },
  spine: { position: 'absolute', width: 2, backgroundColor: 'rgba(255,255,255,0.35)' },
  title: {
    position: 'absolute', color: 'white', fontWeight: 'bold', writingMode: 'vertical-rl',
    letterSpacing: 2, textShadowColor: 'rgba(0,0,0,0.3)', textShadowRadius: 2,
    textShadowOffset: { width: 0, height: 1 }, whiteSpace: 'nowrap',
  },
  author: { position: 'absolute', color: 'rgba(255,255,255,0.9)', writingMode: 'vertical-rl', letterSpacing: 1 },
});

module.exports = { Cover };
