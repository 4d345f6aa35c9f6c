'use strict';
// react-native — the parts of React Native's JS API that talk to native modules:
// NativeModules, NativeEventEmitter, DeviceEventEmitter and Platform (core.js, which
// the window's page shares), over the headless host.

module.exports = require('./core')(require('#host'));
