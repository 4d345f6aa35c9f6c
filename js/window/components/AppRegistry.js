'use strict';
// AppRegistry: `registerComponent(appKey, () => App)` records the app's root
// component; `runApplication(appKey, { rootTag, initialProps })` renders it into the
// element `rootTag` with React 18's createRoot, inside a View that fills the window.
// `getAppKeys()`, `getRunnable(appKey)`, `unmountApplicationComponentAtRootTag(rootTag)`.

const React = require('react');
const { View } = require('./View');

const runnables = new Map();
const roots = new Map();

function createRoot(rootTag) {
  // Required when an app runs, so a page that only renders on a server never loads it.
  return require('react-dom/client').createRoot(rootTag);
}

function AppContainer({ children }) {
  return React.createElement(View, {
    style: { position: 'absolute', top: 0, left: 0, right: 0, bottom: 0, overflow: 'hidden' },
  }, children);
}

const AppRegistry = {
  registerComponent(appKey, componentProvider) {
    if (typeof appKey !== 'string' || appKey === '') throw new TypeError('AppRegistry.registerComponent: appKey must be a non-empty string');
    if (typeof componentProvider !== 'function') {
      throw new TypeError(`AppRegistry.registerComponent("${appKey}"): the second argument must be a function returning the root component`);
    }
    runnables.set(appKey, {
      componentProvider,
      run({ rootTag, initialProps } = {}) {
        if (!rootTag || typeof rootTag !== 'object' || typeof rootTag.appendChild !== 'function') {
          throw new TypeError(`AppRegistry.runApplication("${appKey}"): rootTag must be a DOM element`);
        }
        const App = componentProvider();
        let root = roots.get(rootTag);
        if (!root) {
          root = createRoot(rootTag);
          roots.set(rootTag, root);
        }
        root.render(React.createElement(AppContainer, null, React.createElement(App, initialProps || {})));
        return root;
      },
    });
    return appKey;
  },

  getAppKeys() {
    return Array.from(runnables.keys());
  },

  getRunnable(appKey) {
    return runnables.get(appKey);
  },

  runApplication(appKey, appParameters) {
    const runnable = runnables.get(appKey);
    if (runnable === undefined) {
      const known = AppRegistry.getAppKeys();
      throw new Error(`AppRegistry.runApplication: no app registered as "${appKey}"` +
        (known.length ? ` (registered: ${known.join(', ')})` : ' (call AppRegistry.registerComponent first)'));
    }
    return runnable.run(appParameters);
  },

  unmountApplicationComponentAtRootTag(rootTag) {
    const root = roots.get(rootTag);
    if (root) {
      root.unmount();
      roots.delete(rootTag);
    }
  },
};

module.exports = { AppRegistry, AppContainer };
