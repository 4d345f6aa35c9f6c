// What the README snippet tests need from the host, and which branch brings it.
import { NativeModules } from 'react-native';

/** The missing pieces (empty when the snippets can run), each naming where it comes from. */
export function missingForReadmeTests(compatModule: string): string[] {
  const missing: string[] = [];
  if (!NativeModules.SearchOnDevice) missing.push('NativeModules.SearchOnDevice (SearchOnDevice module)');
  try {
    require.resolve(compatModule);
  } catch {
    missing.push(`the built-in module ${compatModule}`);
  }
  return missing;
}
