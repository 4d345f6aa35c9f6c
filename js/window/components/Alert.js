'use strict';
// Alert: React Native's `Alert.alert(title, message?, buttons?, options?)` as a dialog
// drawn in the page (not the web view's blocking window.alert): a card over a dimmed
// window with the title, the message and the buttons (`{ text, onPress, style:
// 'default' | 'cancel' | 'destructive' }`, default one "OK"). A button closes it and
// calls its onPress; Escape (or a click outside, with `options.cancelable`) picks the
// 'cancel' button, or closes it and calls `options.onDismiss`.

const React = require('react');
const { View } = require('./View');
const { Text } = require('./Text');
const { Pressable } = require('./Pressable');
const { BackHandler } = require('./BackHandler');

let host = null;
let root = null;
const queue = [];

function AlertCard({ title, message, buttons, options, onClose }) {
  const cancel = buttons.find((button) => button.style === 'cancel');
  const dismiss = React.useCallback(() => {
    onClose();
    if (cancel && cancel.onPress) cancel.onPress();
    else if (!cancel && options.onDismiss) options.onDismiss();
  }, []);
  React.useEffect(() => {
    const subscription = BackHandler.addEventListener('hardwareBackPress', () => {
      dismiss();
      return true;
    });
    return () => subscription.remove();
  }, []);
  const stacked = buttons.length > 2;
  return React.createElement(View, {
    testID: 'alert-backdrop',
    style: {
      position: 'fixed', top: 0, left: 0, right: 0, bottom: 0, zIndex: 2000,
      backgroundColor: 'rgba(0,0,0,0.35)', alignItems: 'center', justifyContent: 'center',
    },
    onClick: (event) => { if (event.target === event.currentTarget && (options.cancelable || cancel)) dismiss(); },
  }, React.createElement(View, {
    testID: 'alert', role: 'alertdialog', accessibilityViewIsModal: true, accessibilityLabel: title,
    style: {
      width: 300, maxWidth: '90%', backgroundColor: 'white', borderRadius: 12, overflow: 'hidden',
      shadowColor: '#000', shadowOpacity: 0.3, shadowRadius: 16, shadowOffset: { width: 0, height: 6 },
    },
  },
  React.createElement(View, { style: { paddingHorizontal: 20, paddingTop: 20, paddingBottom: 16 } },
    React.createElement(Text, { style: { fontSize: 17, fontWeight: '600', textAlign: 'center' } }, title),
    message ? React.createElement(Text, { style: { fontSize: 14, color: '#444', textAlign: 'center', marginTop: 6 } }, message) : null),
  React.createElement(View, { style: { flexDirection: stacked ? 'column' : 'row', borderTopWidth: 1, borderColor: '#e5e5e5' } },
    buttons.map((button, index) => React.createElement(Pressable, {
      key: index,
      testID: `alert-button-${index}`,
      onPress: () => {
        onClose();
        if (button.onPress) button.onPress();
      },
      style: ({ pressed }) => ({
        flex: stacked ? undefined : 1, paddingVertical: 12, alignItems: 'center',
        backgroundColor: pressed ? '#f0f0f0' : 'white',
        borderLeftWidth: !stacked && index > 0 ? 1 : 0,
        borderTopWidth: stacked && index > 0 ? 1 : 0, borderColor: '#e5e5e5',
      }),
    }, React.createElement(Text, {
      style: {
        fontSize: 16, color: button.style === 'destructive' ? '#d32f2f' : '#1a73e8',
        fontWeight: button.style === 'cancel' ? '600' : 'normal',
      },
    }, button.text === undefined ? 'OK' : String(button.text)))))));
}

function showNext() {
  if (root === null || queue.length === 0) return;
  const next = queue[0];
  root.render(React.createElement(AlertCard, {
    ...next,
    onClose: () => {
      queue.shift();
      if (queue.length > 0) showNext();
      else root.render(null);
    },
  }));
}

const Alert = {
  alert(title, message, buttons, options) {
    if (typeof document === 'undefined') throw new Error('Alert.alert needs a page (searchlight run --window)');
    const list = Array.isArray(buttons) && buttons.length > 0 ? buttons.slice(0, 3) : [{ text: 'OK' }];
    queue.push({ title: String(title === undefined ? '' : title), message: message === undefined || message === null ? '' : String(message),
      buttons: list, options: options || {} });
    if (root === null) {
      host = document.createElement('div');
      host.setAttribute('data-searchlight', 'alerts');
      document.body.appendChild(host);
      root = require('react-dom/client').createRoot(host);
    }
    if (queue.length === 1) showNext();
  },
};

module.exports = { Alert };
