'use strict';
// What `import … from 'react-native'` resolves to in a windowed app's page: React
// Native's components (./components, on Debian's React) and its native-module API
// (./bridge). Loading it also sets up the page's global `alert()`, as React Native's
// runtime does before the app's code runs.

require('./components/globalAlert').installGlobalAlert();

module.exports = { ...require('./components'), ...require('./bridge') };
