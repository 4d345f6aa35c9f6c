'use strict';
// FoodBuds' detail screens. A bud's screen (picture, specialties, phone, email, the
// recipes they cook) is a viewed record: opening it calls becomeCurrent with the
// bud's activity, as the talk's viewDidLoad does. A recipe's screen lists its
// ingredients and the buds who cook it.

const React = require('react');
const { View, Text, ScrollView, Pressable, StyleSheet } = require('react-native');
const searchlight = require('searchlight');
const { foodBuds, foodBudActivity } = require('./data');
const { colors, Avatar, RecipeTile, BackBar } = require('./ui');

function Chip({ label }) {
  return <Text style={styles.chip}>{label}</Text>;
}

function LinkRow({ testID, title, subtitle, picture, onPress }) {
  return (
    <Pressable testID={testID} onPress={onPress} style={({ pressed }) => [styles.linkRow, pressed && { backgroundColor: '#f3efe9' }]}>
      {picture}
      <View style={{ flex: 1, marginLeft: 12 }}>
        <Text style={styles.linkTitle}>{title}</Text>
        {subtitle ? <Text style={styles.linkSubtitle} numberOfLines={1}>{subtitle}</Text> : null}
      </View>
      <Text style={styles.chevron}>›</Text>
    </Pressable>
  );
}

function BudScreen({ bud, onBack, onOpenRecipe }) {
  React.useEffect(() => {
    searchlight.becomeCurrent(foodBudActivity(bud))
      .catch((error) => console.error(`foodbuds: ${error.code || ''} ${error.message}`));
  }, [bud.objectId]);
  return (
    <View style={styles.screen} testID="detail-screen">
      <BackBar title={bud.name} onBack={onBack} />
      <ScrollView contentContainerStyle={styles.content}>
        <View style={styles.hero}>
          <Avatar size={112} testID="detail-cover" />
          <Text style={styles.title} testID="detail-title" selectable>{bud.name}</Text>
          <View style={styles.chips}>{bud.specialties.map((s) => <Chip key={s} label={s} />)}</View>
        </View>
        <View style={styles.card}>
          <View style={styles.fact}>
            <Text style={styles.factLabel}>Phone</Text>
            <Text style={styles.factValue} selectable>{bud.phone}</Text>
          </View>
          <View style={[styles.fact, styles.factLast]}>
            <Text style={styles.factLabel}>Email</Text>
            <Text style={styles.factValue} selectable>{bud.email}</Text>
          </View>
        </View>
        <Text style={styles.section}>RECIPES</Text>
        <View style={styles.card}>
          {bud.recipes.map((name) => (
            <LinkRow key={name} testID={`recipe-link-${name}`} title={name}
              picture={<RecipeTile name={name} size={36} />} onPress={() => onOpenRecipe(name)} />
          ))}
        </View>
      </ScrollView>
    </View>
  );
}

function RecipeScreen({ recipe, onBack, onOpenBud }) {
  const cooks = foodBuds.filter((bud) => bud.recipes.includes(recipe.name));
  return (
    <View style={styles.screen} testID="detail-screen">
      <BackBar title={recipe.name} onBack={onBack} />
      <ScrollView contentContainerStyle={styles.content}>
        <View style={styles.hero}>
          <RecipeTile name={recipe.name} size={112} testID="detail-cover" />
          <Text style={styles.title} testID="detail-title" selectable>{recipe.name}</Text>
          <Text style={styles.subtitle}>{`${recipe.ingredients.length} ingredients`}</Text>
        </View>
        <Text style={styles.section}>INGREDIENTS</Text>
        <View style={styles.card}>
          {recipe.ingredients.map((ingredient, index) => (
            <View key={ingredient} style={[styles.fact, index === recipe.ingredients.length - 1 && styles.factLast]}>
              <View style={styles.bullet} />
              <Text style={styles.factValue}>{ingredient}</Text>
            </View>
          ))}
        </View>
        {cooks.length > 0 ? <Text style={styles.section}>COOKED BY</Text> : null}
        {cooks.length > 0 ? (
          <View style={styles.card}>
            {cooks.map((bud) => (
              <LinkRow key={bud.objectId} testID={`bud-link-${bud.objectId}`} title={bud.name}
                subtitle={bud.specialties.join(', ')} picture={<Avatar size={36} />} onPress={() => onOpenBud(bud.objectId)} />
            ))}
          </View>
        ) : null}
      </ScrollView>
    </View>
  );
}

function MissingScreen({ id, onBack }) {
  return (
    <View style={styles.screen} testID="detail-screen">
      <BackBar title="Not found" onBack={onBack} />
      <View style={styles.hero}>
        <Text style={styles.title} testID="detail-title">{`“${id}” is no longer in FoodBuds`}</Text>
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, backgroundColor: colors.background },
  // A phone-width column in a wide window.
  content: { paddingBottom: 32, width: '100%', maxWidth: 720, alignSelf: 'center' },
  hero: { alignItems: 'center', paddingTop: 28, paddingBottom: 16, paddingHorizontal: 24 },
  title: { fontSize: 24, fontWeight: 'bold', color: colors.text, marginTop: 16, textAlign: 'center' },
  subtitle: { fontSize: 14, color: colors.subtle, marginTop: 4 },
  chips: { flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'center', marginTop: 10 },
  chip: {
    backgroundColor: colors.chip, color: colors.chipText, fontSize: 12, paddingHorizontal: 10, paddingVertical: 4,
    borderRadius: 12, marginHorizontal: 4, marginBottom: 4, overflow: 'hidden',
  },
  section: { fontSize: 12, color: colors.subtle, marginHorizontal: 32, marginTop: 20, marginBottom: 6, letterSpacing: 0.5 },
  card: {
    backgroundColor: colors.card, marginHorizontal: 16, marginTop: 8, borderRadius: 12, overflow: 'hidden',
    borderWidth: StyleSheet.hairlineWidth, borderColor: colors.separator,
  },
  fact: {
    flexDirection: 'row', alignItems: 'center', paddingVertical: 12, paddingHorizontal: 16,
    borderBottomWidth: StyleSheet.hairlineWidth, borderColor: colors.separator,
  },
  factLast: { borderBottomWidth: 0 },
  factLabel: { width: 72, color: colors.subtle, fontSize: 14 },
  factValue: { flex: 1, color: colors.text, fontSize: 15 },
  bullet: { width: 6, height: 6, borderRadius: 3, backgroundColor: colors.accent, marginRight: 12 },
  linkRow: { flexDirection: 'row', alignItems: 'center', paddingVertical: 10, paddingHorizontal: 16 },
  linkTitle: { fontSize: 15, color: colors.text, fontWeight: '600' },
  linkSubtitle: { fontSize: 12, color: colors.subtle, marginTop: 2 },
  chevron: { fontSize: 22, color: '#c8c2ba' },
});

module.exports = { BudScreen, RecipeScreen, MissingScreen };
