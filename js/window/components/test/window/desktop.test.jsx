// The APIs that reach the desktop, in a real page over the window host's bridge:
// the GTK clipboard and the share sheet.
import assert from 'assert';
import { test } from 'test';
import { Clipboard, Linking, Share } from 'react-native';

const waitFor = async (find) => {
  for (let i = 0; i < 200; i++) {
    const found = find();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('not found in time');
};
const button = (text) => [...document.querySelectorAll('[role=button]')].find((b) => b.textContent === text);

test('Clipboard: what the app copies is on the desktop clipboard, and read back', async () => {
  Clipboard.setString('Brenda Okoye, Sales');
  assert.strictEqual(await Clipboard.getString(), 'Brenda Okoye, Sales');
  assert.strictEqual(await Clipboard.hasString(), true);
  assert.throws(() => Clipboard.setString(42), { code: 'E_INVALID_ARGUMENT', message: /content must be a string/ });
});

// Linking's refusals, AppState and Vibration: components.test.jsx; openURL for real: ../linking.
test('Linking: no initial URL when no item started the app; url listeners can be added and removed', async () => {
  assert.strictEqual(await Linking.getInitialURL(), null);
  const subscription = Linking.addEventListener('url', () => {});
  subscription.remove();
});

test('Share: a sheet offering to copy; Copy puts the message and url on the clipboard', async () => {
  const shared = Share.share({ message: 'Pad Thai for dinner?', url: 'https://foods.example/1' }, { dialogTitle: 'Share the dish' });
  const copy = await waitFor(() => button('Copy'));
  assert.ok(document.body.innerText.includes('Share the dish'), 'the sheet shows its title');
  copy.click();
  assert.deepStrictEqual(await shared, { action: 'sharedAction', activityType: 'copy' });
  assert.strictEqual(await Clipboard.getString(), 'Pad Thai for dinner? https://foods.example/1');
  const dismissed = Share.share({ message: 'never mind' });
  (await waitFor(() => button('Cancel'))).click();
  assert.deepStrictEqual(await dismissed, { action: 'dismissedAction' });
  await assert.rejects(Share.share({ title: 'no content' }), { code: 'E_INVALID_ARGUMENT', message: /string message or url/ });
});
