'use strict';
// What `import … from 'react-native'` resolves to in a windowed app's page: React
// Native's components (./components, on Debian's React), its native-module API
// (./bridge) and the APIs that reach the desktop (./desktop: Clipboard, Linking, Share,
// AppState, Vibration).

module.exports = { ...require('./components'), ...require('./bridge'), ...require('./desktop') };
