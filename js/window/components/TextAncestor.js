'use strict';
// Whether a component renders inside a Text (so a Text in it is a run, not a paragraph).

const React = require('react');

const TextAncestor = React.createContext(false);

module.exports = { TextAncestor };
