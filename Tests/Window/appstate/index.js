// AppState in a real window (Tests/Window/run.sh): shows the state and keeps the
// `change` events in window.__appStateChanges while the X focus moves.
import React from 'react';
import { AppRegistry, AppState, Text, View } from 'react-native';

window.__appStateChanges = [];

function App() {
  const [state, setState] = React.useState(AppState.currentState);
  React.useEffect(() => {
    const subscription = AppState.addEventListener('change', (next) => {
      window.__appStateChanges.push(next);
      setState(next);
    });
    return () => subscription.remove();
  }, []);
  return (
    <View style={{ flex: 1, alignItems: 'center', justifyContent: 'center' }}>
      <Text testID="app-state" style={{ fontSize: 28 }}>{state}</Text>
    </View>
  );
}

AppRegistry.registerComponent('AppStateWindow', () => App);
