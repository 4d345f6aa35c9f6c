// The error screen's test app (Tests/Window/run.sh): index.js registers App, as React
// Native's template does, so that a render error's stack must be mapped to App.js; and
// keeps two noisy messages off the error screen, as apps do with LogBox.ignoreLogs.
import { AppRegistry, LogBox } from 'react-native';
import App from './App';

LogBox.ignoreLogs(['Require cycle:', /^Deprecated: \w+/]);

AppRegistry.registerComponent('ErrorTest', () => App);
