'use strict';
// React Native's APIs that reach the desktop, for a windowed app's page:
// - Clipboard: the desktop's clipboard (GTK's, through NativeModules.SearchlightDesktop);
// - Linking: http(s), mailto, tel and sms URLs opened by the desktop's default handler;
//   the app's own deep links are the `url` of the item the desktop opened (SPEC §6's
//   `{id}` request): getInitialURL for the one that started the app, `url` events after;
// - Share: a sheet drawn as our Alert, offering to copy the text or to mail it;
// - AppState: 'active' while the window has the focus, 'inactive' when another window
//   has it, 'background' when it is hidden;
// - Vibration: accepted and does nothing (a desktop does not vibrate).

const { NativeModules, NativeEventEmitter } = require('./bridge');
const { Alert } = require('./components/Alert');

const desktop = () => NativeModules.SearchlightDesktop;

/** A TypeError with React Native's code for a bad argument. */
function invalid(message) {
  return Object.assign(new TypeError(message), { code: 'E_INVALID_ARGUMENT' });
}

/** A listener registry with React Native's `addEventListener(type, handler) → {remove}`. */
function events(types, api) {
  const handlers = new Map(types.map((type) => [type, new Set()]));
  return {
    addEventListener(type, handler) {
      if (!handlers.has(type)) throw invalid(`${api}.addEventListener: unknown event '${type}' (one of ${types.join(', ')})`);
      if (typeof handler !== 'function') throw invalid(`${api}.addEventListener: the handler must be a function`);
      handlers.get(type).add(handler);
      return { remove: () => handlers.get(type).delete(handler) };
    },
    emit(type, value) {
      for (const handler of [...handlers.get(type)]) handler(value);
    },
  };
}

const Clipboard = {
  /** Puts `content` on the desktop's clipboard. */
  setString(content) {
    if (typeof content !== 'string') throw invalid(`Clipboard.setString: content must be a string, got ${typeof content}`);
    desktop().setClipboardString(content);
  },
  /** The clipboard's text ('' when it holds none). */
  getString() {
    return desktop().getClipboardString();
  },
  async hasString() {
    return (await desktop().getClipboardString()) !== '';
  },
};

const linkingEvents = events(['url'], 'Linking');

/** The deep link of a desktop request: the opened item's `url`, or null (a query, no url). */
async function deepLinkOf(request) {
  if (!request || typeof request.id !== 'string') return null;
  const [item] = await NativeModules.SearchOnDevice.getItems([request.id]);
  return item && typeof item.url === 'string' && item.url !== '' ? item.url : null;
}

const initialRequest = () => NativeModules.SearchOnDevice.getInitialRequest();

// Listening starts with the first `url` listener, not at load: the module buffers
// requests until its first listener, and an app that never asks for URLs must still
// get them on its own SearchOnDevice listener.
let listening = false;
function listenForDeepLinks() {
  if (listening) return;
  listening = true;
  const starting = initialRequest();
  let first = true;
  new NativeEventEmitter(NativeModules.SearchOnDevice).addListener('onSearchOnDeviceRequest', async (request) => {
    const wasFirst = first;
    first = false;
    // The buffered request that started the app is getInitialURL's answer, not an event
    // (React Native fires `url` only for links opened while running).
    const initial = await starting;
    if (wasFirst && initial && initial.id === request.id && initial.timestamp === request.timestamp) return;
    const url = await deepLinkOf(request);
    if (url !== null) linkingEvents.emit('url', { url });
  });
}

const Linking = {
  /** Opens `url` with the desktop's handler for its scheme; rejects when none does. */
  openURL(url) {
    return desktop().openURL(url);
  },
  /** Whether the desktop has a handler for `url`'s scheme (one of those openURL opens). */
  async canOpenURL(url) {
    return desktop().canOpenURL(url);
  },
  /** The `url` of the item whose opening started the app, or null. */
  async getInitialURL() {
    return deepLinkOf(await initialRequest());
  },
  addEventListener(type, handler) {
    const subscription = linkingEvents.addEventListener(type, handler);
    listenForDeepLinks();
    return subscription;
  },
  /** Opens the app's settings: the desktop has no per-app settings page. */
  openSettings() {
    return Promise.reject(Object.assign(new Error('Linking.openSettings: the desktop has no settings page for an app'), { code: 'E_UNSUPPORTED' }));
  },
};

const Share = {
  sharedAction: 'sharedAction',
  dismissedAction: 'dismissedAction',
  /**
   * `Share.share({message, url, title}, {dialogTitle, subject})`: resolves
   * `{action: 'sharedAction', activityType: 'copy' | 'email'}` or `{action: 'dismissedAction'}`.
   */
  share(content, options = {}) {
    if (content === null || typeof content !== 'object' || (typeof content.message !== 'string' && typeof content.url !== 'string')) {
      return Promise.reject(invalid('Share.share: content must be an object with a string message or url'));
    }
    const text = [content.message, content.url].filter((part) => typeof part === 'string' && part !== '').join(' ');
    const title = options.dialogTitle || content.title || 'Share';
    return new Promise((resolve, reject) => {
      Alert.alert(title, text, [
        {
          text: 'Copy',
          onPress: () => {
            Clipboard.setString(text);
            resolve({ action: Share.sharedAction, activityType: 'copy' });
          },
        },
        {
          text: 'Email',
          onPress: () => {
            const subject = options.subject || content.title || '';
            const mail = `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text)}`;
            Linking.openURL(mail).then(() => resolve({ action: Share.sharedAction, activityType: 'email' }), reject);
          },
        },
        { text: 'Cancel', style: 'cancel', onPress: () => resolve({ action: Share.dismissedAction }) },
      ], { cancelable: true, onDismiss: () => resolve({ action: Share.dismissedAction }) });
    });
  },
};

const appStateEvents = events(['change', 'focus', 'blur', 'memoryWarning'], 'AppState');

function currentAppState() {
  if (typeof document === 'undefined') return 'active';
  if (document.visibilityState === 'hidden') return 'background';
  return document.hasFocus() ? 'active' : 'inactive';
}

const AppState = {
  currentState: currentAppState(),
  isAvailable: true,
  addEventListener: appStateEvents.addEventListener,
};

if (typeof window !== 'undefined') {
  const update = (state) => {
    if (state === AppState.currentState) return;
    AppState.currentState = state;
    appStateEvents.emit('change', state);
  };
  const hidden = () => document.visibilityState === 'hidden';
  window.addEventListener('focus', () => { appStateEvents.emit('focus'); update(hidden() ? 'background' : 'active'); });
  window.addEventListener('blur', () => { appStateEvents.emit('blur'); update(hidden() ? 'background' : 'inactive'); });
  document.addEventListener('visibilitychange', () => update(currentAppState()));
}

// Nothing vibrates, but the arguments are checked as React Native types them, so a
// wrong call is found here rather than on a phone.
const Vibration = {
  vibrate(pattern, repeat) {
    const duration = (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
    if (pattern !== undefined && !duration(pattern) && !(Array.isArray(pattern) && pattern.every(duration))) {
      throw invalid('Vibration.vibrate: pattern must be a duration in ms or an array of durations');
    }
    if (repeat !== undefined && typeof repeat !== 'boolean') throw invalid('Vibration.vibrate: repeat must be a boolean');
  },
  cancel() {},
};

module.exports = { Clipboard, Linking, Share, AppState, Vibration };
