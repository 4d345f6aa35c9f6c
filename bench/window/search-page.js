// search-page.js — "search from the page" (bench/window/measure.sh): a windowed app
// that times the workload's searches through the page's bridge once it has painted,
// and prints `BENCH {json}` through the page's console. The index is the one
// search-headless.js made (the same --data-dir).
import React, { useEffect, useState } from 'react';
import { AppRegistry, NativeModules, Text, View } from 'react-native';
import { queries, timeSearches } from './workload';

function Bench() {
  const [status, setStatus] = useState('searching…');
  useEffect(() => {
    const count = Number(new URLSearchParams(window.location.search).get('queries')) || 300;
    timeSearches(NativeModules.SearchOnDevice, queries(count)).then((result) => {
      console.log('BENCH ' + JSON.stringify(result));
      setStatus(`${result.latencies.length} searches done`);
    });
  }, []);
  return <View style={{ padding: 16 }}><Text testID="bench-status">{status}</Text></View>;
}

AppRegistry.registerComponent('SearchBench', () => Bench);
