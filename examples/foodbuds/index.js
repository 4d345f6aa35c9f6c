// FoodBuds as a windowed React Native app: `searchlight run examples/foodbuds/index.js --window`.
// (app.js is the same app for a terminal.)
const { AppRegistry } = require('react-native');
const { App } = require('./App');

AppRegistry.registerComponent('FoodBuds', () => App);
