'use strict';
// TextInput: an <input> (a <textarea> when `multiline`) with React Native's props:
// `value` / `defaultValue`, `onChangeText(text)`, `onChange({ nativeEvent: { text } })`,
// `onSubmitEditing` (Enter, single line), `placeholder` / `placeholderTextColor`,
// `autoFocus`, `secureTextEntry`, `editable`, `maxLength`, `keyboardType`,
// `returnKeyType`, `autoCapitalize`, `autoCorrect`, `onKeyPress({ nativeEvent: { key } })`,
// `selectTextOnFocus`, `onFocus` / `onBlur`. A ref has `focus()`, `blur()`, `clear()`,
// `isFocused()`.

const React = require('react');
const { composeStyle, toCSS } = require('./style');
const { domProps } = require('./props');
const { placeholderClass } = require('./document');
const { useLayout, setRef } = require('./layout');

const INPUT_DEFAULTS = toCSS({
  boxSizing: 'border-box', margin: 0, padding: 0, borderWidth: 0, backgroundColor: 'transparent', color: 'black',
  fontFamily: 'System', fontSize: 14, minWidth: 0, resize: 'none', flexShrink: 0,
});

const INPUT_TYPES = {
  'email-address': ['email', 'email'], 'number-pad': ['text', 'numeric'],
  'decimal-pad': ['text', 'decimal'], numeric: ['text', 'decimal'], 'phone-pad': ['tel', 'tel'],
  url: ['url', 'url'], 'web-search': ['search', 'search'],
};

const TextInput = React.forwardRef(function TextInput(props, forwardedRef) {
  const changeText = React.useRef(props.onChangeText);
  changeText.current = props.onChangeText;
  const layoutRef = useLayout(props.onLayout, null);
  // A stable callback ref: the node (with React Native's clear / isFocused) reaches the
  // app's ref once per mount, not on every render.
  const ref = React.useCallback((node) => {
    layoutRef(node);
    if (node !== null) {
      node.clear = () => { node.value = ''; if (changeText.current) changeText.current(''); };
      node.isFocused = () => typeof document !== 'undefined' && document.activeElement === node;
    }
    setRef(forwardedRef, node);
  }, [forwardedRef, layoutRef]);

  const multiline = props.multiline === true;
  const attributes = {
    ...domProps(props),
    ref,
    style: composeStyle(INPUT_DEFAULTS, props.style),
    placeholder: props.placeholder,
    autoFocus: props.autoFocus === true,
    readOnly: props.editable === false,
    maxLength: props.maxLength,
    spellCheck: props.spellCheck !== undefined ? props.spellCheck : props.autoCorrect,
    autoCapitalize: props.autoCapitalize,
    autoComplete: props.autoComplete !== undefined ? props.autoComplete : (props.secureTextEntry ? 'current-password' : undefined),
    enterKeyHint: props.returnKeyType === 'search' || props.returnKeyType === 'go' || props.returnKeyType === 'send' ||
      props.returnKeyType === 'next' || props.returnKeyType === 'done' ? props.returnKeyType : undefined,
  };
  if (props.value !== undefined) attributes.value = props.value === null ? '' : props.value;
  else if (props.defaultValue !== undefined) attributes.defaultValue = props.defaultValue;
  if (props.placeholderTextColor !== undefined) attributes.className = placeholderClass(props.placeholderTextColor);
  if (multiline) {
    attributes.rows = props.numberOfLines || undefined;
  } else {
    const [type, inputMode] = INPUT_TYPES[props.keyboardType] || ['text', undefined];
    attributes.type = props.secureTextEntry ? 'password' : type;
    if (inputMode !== undefined) attributes.inputMode = props.inputMode || inputMode;
  }
  attributes.onChange = (event) => {
    const text = event.target.value;
    if (props.onChange) props.onChange({ nativeEvent: { text, target: event.target }, target: event.target });
    if (props.onChangeText) props.onChangeText(text);
  };
  attributes.onKeyDown = (event) => {
    if (props.onKeyPress) props.onKeyPress({ nativeEvent: { key: event.key }, preventDefault: () => event.preventDefault() });
    if (props.onKeyDown) props.onKeyDown(event);
    if (event.key === 'Enter' && !event.shiftKey && !multiline && !event.isComposing) {
      if (props.onSubmitEditing) props.onSubmitEditing({ nativeEvent: { text: event.target.value } });
      if (props.blurOnSubmit === true) event.target.blur();
    }
  };
  attributes.onFocus = (event) => {
    if (props.selectTextOnFocus) event.target.select();
    if (props.onFocus) props.onFocus({ nativeEvent: { text: event.target.value } });
  };
  attributes.onBlur = (event) => {
    if (props.onBlur) props.onBlur({ nativeEvent: { text: event.target.value } });
    if (props.onEndEditing) props.onEndEditing({ nativeEvent: { text: event.target.value } });
  };
  if (props.onSelectionChange) {
    attributes.onSelect = (event) => props.onSelectionChange({
      nativeEvent: { selection: { start: event.target.selectionStart, end: event.target.selectionEnd } },
    });
  }
  return React.createElement(multiline ? 'textarea' : 'input', attributes);
});

module.exports = { TextInput };
