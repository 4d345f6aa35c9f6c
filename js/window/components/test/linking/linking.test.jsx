// Linking.openURL through the desktop's handler. Run by Tests/Window/run.sh with
// XDG_DATA_HOME / XDG_CONFIG_HOME naming a recording handler for https, mailto and
// tel (run elsewhere, it would open the real browser and mail client); the script
// then checks the handler got these URLs, in this order.
import assert from 'assert';
import { test } from 'test';
import { Linking } from 'react-native';

test('Linking.openURL hands http(s), mailto and tel URLs to the desktop\'s handler', async () => {
  equal(await Linking.canOpenURL('mailto:someone@example.org'), true, 'a handler for mailto');
  for (const url of ['https://example.org/fruit?name=banana', 'mailto:someone@example.org?subject=Banana', 'tel:+15551234567']) {
    equal(await Linking.openURL(url), true, url);
  }
});

function equal(actual, expected, what) { assert.deepStrictEqual(actual, expected, what); }
