/** @jsx h */
/** @jsxFrag Fragment */
// JSX without React: the pragma above makes esbuild call this file's own `h`.
import assert from 'assert';
import { test } from 'test';

const Fragment = Symbol('Fragment');

/** Renders an element to HTML-like text at once. */
function h(type, props, ...children) {
  const inner = children.flat().filter((c) => c !== false && c !== null && c !== undefined).join('');
  if (type === Fragment) return inner;
  if (typeof type === 'function') return type({ ...props, children: inner });
  const attributes = Object.entries(props || {}).map(([k, v]) => ` ${k}="${v}"`).join('');
  return `<${type}${attributes}>${inner}</${type}>`;
}

function ResultRow({ title, score }) {
  return <li class="hit">{title} <b>{score}</b></li>;
}

test('JSX elements call the file\'s own pragma', () => {
  const hits = [{ id: 1, title: 'Walden', score: 9 }, { id: 2, title: 'Kiwi', score: 3 }];
  const html = (
    <ul>
      {hits.map((hit) => <ResultRow title={hit.title} score={hit.score} />)}
      {hits.length === 0 && <li>none</li>}
    </ul>
  );
  assert.strictEqual(html, '<ul><li class="hit">Walden <b>9</b></li><li class="hit">Kiwi <b>3</b></li></ul>');
});

test('fragments use the @jsxFrag pragma', () => {
  assert.strictEqual(<><i>a</i>{'b'}</>, '<i>a</i>b');
});
