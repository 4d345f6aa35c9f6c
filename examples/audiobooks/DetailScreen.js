'use strict';
// A work's detail screen: its cover, title, author, narrator, running time, genres
// and summary. Opening it counts as engagement (becomeCurrent), as in app.js, so the
// work ranks higher in later searches.

const React = require('react');
const { View, Text, ScrollView, Pressable, StyleSheet } = require('react-native');
const searchlight = require('searchlight');
const { bookWithId, duration } = require('./catalog');
const { Cover } = require('./Cover');
const { coverURL } = require('./covers');
const { colors } = require('./theme');

function BackBar({ title, onBack }) {
  return (
    <View style={styles.bar}>
      <Pressable testID="back-button" accessibilityLabel="戻る" onPress={onBack}
        style={({ pressed }) => [styles.back, pressed && { opacity: 0.6 }]}>
        <Text style={styles.backText}>‹ 戻る</Text>
      </Pressable>
      <Text style={styles.barTitle} numberOfLines={1}>{title}</Text>
      <View style={styles.back} />
    </View>
  );
}

function Fact({ label, value }) {
  return (
    <View style={styles.fact}>
      <Text style={styles.factLabel}>{label}</Text>
      <Text style={styles.factValue}>{value}</Text>
    </View>
  );
}

function DetailScreen({ id, onBack }) {
  const book = bookWithId(id);

  React.useEffect(() => {
    if (book === null) return;
    searchlight.becomeCurrent({
      activityType: 'org.example.audiobooks.work',
      title: book.title,
      userInfo: { id: book.id },
      relatedUniqueIdentifier: book.id,
      eligibleForSearch: false, // the work itself is already indexed
    }).catch((error) => console.error(`audiobooks: ${error.code || ''} ${error.message}`));
  }, [id]);

  if (book === null) {
    return (
      <View style={styles.screen} testID="detail-screen">
        <BackBar title="作品が見つかりません" onBack={onBack} />
        <View style={styles.missing}>
          <Text style={styles.missingTitle} testID="detail-title">作品が見つかりません</Text>
          <Text style={styles.summary}>{`「${id}」の作品は配信を終了したか、存在しません。`}</Text>
        </View>
      </View>
    );
  }
  return (
    <View style={styles.screen} testID="detail-screen">
      <BackBar title={book.title} onBack={onBack} />
      <ScrollView contentContainerStyle={styles.content}>
        <View style={styles.hero}>
          <Cover book={book} width={168} source={{ uri: coverURL(book) }} testID="detail-cover" />
          <Text style={styles.title} testID="detail-title" selectable>{book.title}</Text>
          <Text style={styles.author}>{book.author}</Text>
          <View style={styles.chips}>
            {book.genres.map((genre) => <Text key={genre} style={styles.chip}>{genre}</Text>)}
          </View>
        </View>
        <View style={styles.card}>
          <Fact label="著者" value={book.author} />
          <Fact label="朗読" value={book.narrator} />
          <Fact label="再生時間" value={duration(book.minutes)} />
        </View>
        <View style={styles.card}>
          <Text style={styles.sectionTitle}>あらすじ</Text>
          <Text style={styles.summary} selectable>{book.summary}</Text>
        </View>
      </ScrollView>
    </View>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, backgroundColor: colors.background },
  bar: {
    flexDirection: 'row', alignItems: 'center', backgroundColor: colors.bar, height: 52, paddingHorizontal: 8,
  },
  back: { width: 76, paddingVertical: 8, paddingHorizontal: 8, borderRadius: 6 },
  backText: { color: colors.barText, fontSize: 16 },
  barTitle: { flex: 1, color: colors.barText, fontSize: 16, fontWeight: 'bold', textAlign: 'center' },
  // A phone-width column in a wide window.
  content: { paddingBottom: 32, width: '100%', maxWidth: 720, alignSelf: 'center' },
  hero: { alignItems: 'center', paddingTop: 28, paddingBottom: 20, paddingHorizontal: 24 },
  title: { fontSize: 24, fontWeight: 'bold', color: colors.text, marginTop: 20, textAlign: 'center' },
  author: { fontSize: 15, color: colors.subtle, marginTop: 6 },
  chips: { flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'center', marginTop: 12 },
  chip: {
    backgroundColor: colors.chip, color: colors.chipText, fontSize: 12, paddingHorizontal: 10, paddingVertical: 4,
    borderRadius: 12, marginHorizontal: 4, marginBottom: 4, overflow: 'hidden',
  },
  card: {
    backgroundColor: colors.card, marginHorizontal: 16, marginTop: 12, borderRadius: 12, paddingHorizontal: 16,
    paddingVertical: 8, borderWidth: StyleSheet.hairlineWidth, borderColor: colors.separator,
  },
  fact: { flexDirection: 'row', paddingVertical: 8 },
  factLabel: { width: 88, color: colors.subtle, fontSize: 14 },
  factValue: { flex: 1, color: colors.text, fontSize: 14 },
  sectionTitle: { fontSize: 15, fontWeight: 'bold', color: colors.text, marginTop: 8, marginBottom: 6 },
  summary: { fontSize: 15, lineHeight: 24, color: colors.text, marginBottom: 8 },
  missing: { padding: 24, alignItems: 'center' },
  missingTitle: { fontSize: 20, fontWeight: 'bold', color: colors.text, marginBottom: 8 },
});

module.exports = { DetailScreen };
