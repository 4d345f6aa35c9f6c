'use strict';
// The page's boot code, bundled ahead of the app (the window host runs it once the
// document is parsed): forwards the console, shows errors on the error screen, loads the app's entry module (which
// calls `AppRegistry.registerComponent`) and runs the one component it registered
// in #root, as React Native's native side would.

const errorScreen = require('./errorScreen');

require('./console').install({ errorScreen });
errorScreen.installKeys();
// `run --window --watch` shows a bundle that did not build here; the page keeps running.
window.__searchlightBuildError = (message) => errorScreen.report({ kind: 'Build Error', level: 'error', message, stack: null, open: true });

const { AppRegistry } = require('./react-native');

require('searchlight-window-app');

const keys = AppRegistry.getAppKeys();
if (keys.length === 0) {
  console.error('searchlight: the app registered no component (call AppRegistry.registerComponent(name, () => App) in its entry module)');
} else {
  if (keys.length > 1) console.warn(`searchlight: the app registered ${keys.length} components (${keys.join(', ')}); running ${keys[0]}`);
  AppRegistry.runApplication(keys[0], { rootTag: document.getElementById('root'), initialProps: {} });
}
