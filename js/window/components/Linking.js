'use strict';
// Linking: `openURL(url)` and `canOpenURL(url)` for `http(s)`, `mailto` and `tel`
// URLs, opened by the desktop's handler for the scheme (the window host's
// `SearchlightLinking` module, Sources/WindowHost/DesktopLinks.swift: GIO's default
// application, as xdg-open picks it). Both return Promises, as in React Native;
// another scheme, or no handler, rejects with a coded error.

function linkingModule() {
  // Required late: the bridge exists only in a window's page.
  const { NativeModules } = require('../bridge');
  const module = NativeModules.SearchlightLinking;
  if (!module) {
    const error = new Error('Linking needs a window (searchlight run --window)');
    error.code = 'E_UNAVAILABLE';
    throw error;
  }
  return module;
}

function call(method, url) {
  try {
    return linkingModule()[method](url);
  } catch (error) {
    return Promise.reject(error);
  }
}

const Linking = {
  openURL: (url) => call('openURL', url),
  canOpenURL: (url) => call('canOpenURL', url),
};

module.exports = { Linking };
