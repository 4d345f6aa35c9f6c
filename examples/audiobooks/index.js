// Audiobooks as a windowed React Native app: `searchlight run examples/audiobooks/index.js --window`.
// (app.js is the same app for a terminal.)
const { AppRegistry } = require('react-native');

if (AppRegistry === undefined) {
  // The headless host's react-native has no components: the screens need the window.
  console.error('audiobooks: index.js is the windowed app; run it with --window (or run app.js in a terminal)');
  process.exitCode = 1;
} else {
  AppRegistry.registerComponent('Audiobooks', () => require('./App').App);
}
