'use strict';
// What `import … from 'react-native'` resolves to in a windowed app's page: React
// Native's components (./components, on Debian's React), its native-module API
// (./bridge), the APIs that reach the desktop (./desktop: Clipboard, Linking, Share,
// AppState, Vibration) and LogBox, over the error screen (./logBox).

// Loading it also sets up the page's global `alert()`, as React Native's runtime does
// before the app's code runs.
require('./components/globalAlert').installGlobalAlert();

module.exports = { ...require('./components'), ...require('./bridge'), ...require('./desktop'), LogBox: require('./logBox').LogBox };
