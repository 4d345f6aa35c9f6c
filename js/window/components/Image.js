'use strict';
// Image: `source` as `{ uri }`, `[{ uri }]`, a string (a URL or an absolute file path),
// an iOS asset name (`'strawberry'`: the picture of that name beside the app's script),
// or what a bundler gives for `require('./cover.png')` (a URL string); `resizeMode`
// cover (default) / contain / stretch / center / repeat; `onLoad`, `onError`,
// `onLoadEnd`, `defaultSource`, `blurRadius`, `accessibilityLabel` / `alt`; the legacy
// `Image.resizeMode` enum. An image that cannot load or decode draws nothing (no broken
// glyph).
// Width and height come from `style`, else from `source.width` / `source.height`,
// else the picture's own size.

const React = require('react');
const { composeStyle, flattenStyle, VIEW_DEFAULTS } = require('./style');
const { domProps } = require('./props');
const { useLayout } = require('./layout');

const FIT = { cover: 'cover', contain: 'contain', stretch: 'fill', center: 'scale-down' };

/** A URL the web view loads for a path, URL or asset name. */
function toURL(value) {
  if (typeof value !== 'string' || value === '') return null;
  if (value.startsWith('/')) return 'file://' + value.split('/').map(encodeURIComponent).join('/');
  // An iOS asset name ('strawberry', 'cover.png'): the window host serves the picture
  // of that name beside the app's script (Sources/WindowHost/AppAssets.swift).
  if (!value.includes('/') && !value.includes(':')) return 'searchlight-asset:///' + encodeURIComponent(value);
  return value;
}

/** `{ uri, width, height }` for any `source` form, or null. */
function resolveAssetSource(source) {
  if (source === null || source === undefined) return null;
  if (Array.isArray(source)) return resolveAssetSource(source[0]);
  if (typeof source === 'string') return { uri: toURL(source) };
  if (typeof source === 'object' && typeof source.uri === 'string') {
    return { uri: toURL(source.uri), width: source.width, height: source.height };
  }
  if (typeof source === 'object' && typeof source.default === 'string') return { uri: toURL(source.default) };
  return null;
}

const Image = React.forwardRef(function Image(props, forwardedRef) {
  const ref = useLayout(props.onLayout, forwardedRef);
  const resolved = resolveAssetSource(props.source);
  const fallback = resolveAssetSource(props.defaultSource);
  // The URLs that failed to load: the source, then `defaultSource`; when both failed
  // nothing is drawn, as React Native draws nothing (no broken-image glyph). They are
  // remembered for these sources only: an Image that goes back to a URL that failed
  // tries it again, as React Native does.
  const sources = `${resolved ? resolved.uri : ''}\n${fallback ? fallback.uri : ''}`;
  const [failures, setFailures] = React.useState({ sources, urls: new Set() });
  if (failures.sources !== sources) setFailures({ sources, urls: new Set() });
  const failed = failures.sources === sources ? failures.urls : new Set();
  const usable = (source) => source && source.uri && !failed.has(source.uri);
  const uri = usable(resolved) ? resolved.uri : usable(fallback) ? fallback.uri : null;
  const flat = flattenStyle(props.style) || {};
  const resizeMode = props.resizeMode || flat.resizeMode || 'cover';
  const size = {};
  if (resolved && flat.width === undefined && resolved.width !== undefined) size.width = resolved.width;
  if (resolved && flat.height === undefined && resolved.height !== undefined) size.height = resolved.height;
  const extra = { ...size, overflow: 'hidden' };
  if (props.blurRadius > 0) extra.filter = `blur(${props.blurRadius}px)`;
  const attributes = { ...domProps(props), ref, alt: props.alt !== undefined ? props.alt : (props.accessibilityLabel || '') };
  if (attributes.role === undefined && (props.accessibilityLabel || props.alt)) attributes.role = 'img';
  const finish = () => { if (props.onLoadEnd) props.onLoadEnd(); };
  const fail = () => {
    if (props.onError) props.onError({ nativeEvent: { error: `could not load ${uri}` } });
    if (uri) {
      setFailures((before) => {
        const urls = new Set(before.sources === sources ? before.urls : []);
        return { sources, urls: urls.add(uri) };
      });
    }
    finish();
  };
  if (resizeMode === 'repeat') {
    const style = composeStyle(VIEW_DEFAULTS, props.style, {
      ...extra, backgroundImage: uri ? `url("${uri}")` : undefined, backgroundRepeat: 'repeat',
    });
    delete attributes.alt;
    return React.createElement('div', { ...attributes, style });
  }
  // The frame is laid out as a View (so `absoluteFill`, flex and sizes work as on a
  // phone); the picture fills it, or gives it its own size when the style has none.
  const frame = composeStyle(VIEW_DEFAULTS, props.style, extra);
  const { alt, ...frameAttributes } = attributes;
  return React.createElement('div', { ...frameAttributes, style: frame },
    React.createElement('img', {
      alt,
      src: uri || undefined,
      draggable: false,
      style: {
        visibility: uri ? undefined : 'hidden',
        display: 'block', width: '100%', height: '100%', objectFit: FIT[resizeMode] || 'cover',
        objectPosition: 'center', borderRadius: 'inherit',
      },
      // WebKit fires `load` once a picture's header is read, even when its pixels
      // cannot be decoded (a corrupt PNG), and then paints it partly or not at all;
      // React Native reports such a picture as an error. The first `decode()` decodes
      // (and may resolve even when that fails); a second one answers from the
      // picture's state, rejecting when decoding failed. A decode that ends because
      // `src` changed is not this picture's answer.
      onLoad: (event) => {
        const target = event.target;
        const requested = target.src;
        const settled = (decoded) => {
          if (target.src !== requested) return;
          if (!decoded) { fail(); return; }
          if (props.onLoad) {
            props.onLoad({ nativeEvent: { source: { uri, width: target.naturalWidth, height: target.naturalHeight } } });
          }
          finish();
        };
        if (typeof target.decode !== 'function') settled(true);
        else target.decode().then(() => target.decode()).then(() => settled(true), () => settled(false));
      },
      onError: () => fail(),
    }));
});

Image.resolveAssetSource = resolveAssetSource;
// React Native's legacy static enum, still used by many apps (`Image.resizeMode.contain`).
Image.resizeMode = Object.freeze({ cover: 'cover', contain: 'contain', stretch: 'stretch', center: 'center', repeat: 'repeat' });
Image.getSize = (uri, success, failure) => {
  const picture = new window.Image();
  picture.onload = () => success(picture.naturalWidth, picture.naturalHeight);
  picture.onerror = () => { if (failure) failure(new Error(`could not load ${uri}`)); };
  picture.src = toURL(uri);
};
Image.prefetch = (uri) => new Promise((resolve, reject) => {
  const picture = new window.Image();
  picture.onload = () => resolve(true);
  picture.onerror = () => reject(new Error(`could not load ${uri}`));
  picture.src = toURL(uri);
});

module.exports = { Image, resolveAssetSource, toURL };
