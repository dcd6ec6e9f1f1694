// @ts-check
// The rule keys a player types for a local match, `elimination=201 jokers=4`, read as the
// setup's `changes`. Only the writing is read here: which keys exist and what values they
// take is the engine's word (the Worker answers a bad one with its reason). No DOM.

/** Rule keys as typed, as an object; null when one is not written key=value.
 * @param {string} text
 * @returns {{[key: string]: string} | null} */
export function readKeys(text) {
  /** @type {{[key: string]: string}} */
  const out = {};
  for (const part of text.trim().split(/\s+/).filter(Boolean)) {
    const at = part.indexOf("=");
    if (at < 1 || at === part.length - 1) return null;
    out[part.slice(0, at)] = part.slice(at + 1);
  }
  return out;
}
