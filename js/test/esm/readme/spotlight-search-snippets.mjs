// The usage snippets of react-native-spotlight-search's README, verbatim, in the
// order the README gives them (`alert` is the test's). Loaded by
// ../readme-spotlight-search.test.mjs through a dynamic import.
import SpotlightSearch from "react-native-spotlight-search";

SpotlightSearch.indexItems([
  {
    title: "Strawberry",
    contentDescription: "A sweet and juicy fruit.",
    uniqueIdentifier: "1",
    domain: "fruit",
    thumbnailName: "strawberry",
  },
  {
    title: "Kiwi",
    contentDescription: "Not a type of bird.",
    uniqueIdentifier: "2",
    domain: "fruit",
    thumbnailName: "kiwi",
  },
]);

SpotlightSearch.indexItem({
  title: "Strawberry",
  contentDescription: "A sweet and juicy fruit.",
  uniqueIdentifier: "1",
  thumbnailName: "strawberry",
});

SpotlightSearch.deleteItemsWithIdentifiers(["1", "2"]);

SpotlightSearch.deleteItemsInDomains(["fruit"]);

SpotlightSearch.deleteAllItems();

SpotlightSearch.deleteAllItems().then(() => {
  SpotlightSearch.indexItem({
    title: "Strawberry",
    contentDescription: "A sweet and juicy fruit.",
    uniqueIdentifier: "1",
    thumbnailName: "strawberry",
  });
});

SpotlightSearch.searchItemTapped((uniqueIdentifier) => {
  alert(`You tapped on ${uniqueIdentifier}!`);
});

SpotlightSearch.getInitialSearchItem().then((uniqueIdentifier) => {
  alert(`You tapped on ${uniqueIdentifier} and opened the app!`);
});
