// What the browser gives the modules and Node does not: localStorage, in memory. The
// modules under test touch no DOM; they read the page's language and the browser's keys
// from localStorage.

/** A fresh, empty localStorage (the Web Storage methods the modules use). */
export function freshStorage() {
  const items = new Map();
  globalThis.localStorage = {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    get length() {
      return items.size;
    },
  };
  return globalThis.localStorage;
}

/** The page's language, as the language switch stores it. */
export function speak(lang) {
  globalThis.localStorage.setItem("scala40:lang", lang);
}
