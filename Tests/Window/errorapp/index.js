// The error screen's test app (Tests/Window/run.sh): index.js registers App, as React
// Native's template does, so that a render error's stack must be mapped to App.js.
import { AppRegistry } from 'react-native';
import App from './App';

AppRegistry.registerComponent('ErrorTest', () => App);
