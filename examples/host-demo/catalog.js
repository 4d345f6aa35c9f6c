'use strict';
// A small relative module for the host demo: a catalog of audiobooks and an async lookup.

const books = require('./books.json');

class Audiobook {
  constructor({ id, title, narrator, minutes, tags }) {
    this.id = id;
    this.title = title;
    this.narrator = narrator;
    this.minutes = minutes;
    this.tags = tags;
  }

  get hours() {
    return Math.round(this.minutes / 6) / 10;
  }
}

const all = books.map((b) => new Audiobook(b));

/** Finds a book by id after a short delay, like a native call would. */
function findBook(id) {
  return new Promise((resolve, reject) => {
    setTimeout(() => {
      const book = all.find((b) => b.id === id);
      if (book) resolve(book);
      else reject(Object.assign(new Error(`no book with id ${id}`), { code: 'E_NOT_FOUND' }));
    }, 5);
  });
}

module.exports = { Audiobook, all, findBook };
