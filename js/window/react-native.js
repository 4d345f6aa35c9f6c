'use strict';
// What `import … from 'react-native'` resolves to in a windowed app's page: React
// Native's components (./components, on Debian's React) and its native-module API
// (./bridge).

module.exports = { ...require('./components'), ...require('./bridge') };
