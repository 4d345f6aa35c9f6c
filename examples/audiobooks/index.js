// Audiobooks as a windowed React Native app: `searchlight run examples/audiobooks/index.js --window`.
// (app.js is the same app for a terminal: `make demo`.)
const { AppRegistry } = require('react-native');
const { App } = require('./App');

AppRegistry.registerComponent('Audiobooks', () => App);
