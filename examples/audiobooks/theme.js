'use strict';
// The windowed Audiobooks app's colors and type sizes.

module.exports = {
  colors: {
    bar: '#1d2440', barText: '#ffffff', barSubtle: '#aab2d5',
    background: '#f4f2ee', card: '#ffffff', text: '#1f1f24', subtle: '#6b6b76',
    accent: '#e8590c', separator: '#e3e0da', field: '#ffffff', fieldBorder: '#d6d2ca',
    chip: '#fde7d9', chipText: '#a4400a',
  },
};
