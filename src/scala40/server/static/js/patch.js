// @ts-check
// A JSON Patch (RFC 6902) applied to a VIEW: the table's connection asks for patches
// (`/ws/TABLE?patches=1`, docs/protocol.md) and gets, after the first VIEW, only what
// changed. The server sends "add", "replace" and "remove" (scala40.tableview.patch);
// anything else, or a path that leads nowhere, throws: the page then asks for the whole
// VIEW again (`sync`).

/** @typedef {import("./types.js").Json} Json */
/** @typedef {{[key: string]: Json}} JsonObject */

export class PatchError extends Error {}

/** A JSON Pointer's reference tokens ("" is the whole document).
 * @param {unknown} path
 * @returns {string[]} */
function tokens(path) {
  if (typeof path !== "string" || (path !== "" && !path.startsWith("/"))) {
    throw new PatchError(`a patch path is a JSON pointer, not ${JSON.stringify(path)}`);
  }
  if (path === "") return [];
  return path
    .slice(1)
    .split("/")
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** @type {(x: unknown) => x is JsonObject} */
const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
/** @type {(obj: object, key: string) => boolean} */
const own = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);

/** A list index as the pointer names it: digits, no leading zero ("-": past the end, for
 * "add" only).
 * @param {unknown[]} list
 * @param {string} token
 * @param {{add: boolean}} how
 * @returns {number} */
function index(list, token, { add }) {
  if (add && token === "-") return list.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`${JSON.stringify(token)} is no list index`);
  const i = Number(token);
  if (add ? i > list.length : i >= list.length) throw new PatchError(`index ${i} is out of range`);
  return i;
}

/** `doc` with `ops` applied. `doc` itself is changed where it can be (pass a copy); the
 * result is returned, as a "replace" of the whole document gives a new value. The ops
 * are read as they come (JSON from the socket): anything but a well-formed "add",
 * "replace" or "remove" throws a PatchError.
 * @template {Json} T
 * @param {T} doc
 * @param {unknown} ops
 * @returns {T}
 */
export function applyPatch(doc, ops) {
  if (!Array.isArray(ops)) throw new PatchError("a patch is a list of ops");
  for (const op of ops) {
    if (!isObject(op)) throw new PatchError("a patch op is an object");
    const kind = op.op;
    /** @type {Json} */
    const value = own(op, "value") ? op.value : null;
    if (kind !== "add" && kind !== "replace" && kind !== "remove") {
      throw new PatchError(`unsupported patch op ${JSON.stringify(kind)}`);
    }
    if (kind !== "remove" && !own(op, "value")) throw new PatchError(`"${kind}" without a value`);
    const path = tokens(op.path);
    if (path.length === 0) {
      if (kind === "remove") throw new PatchError("the whole document cannot be removed");
      doc = /** @type {T} */ (value);
      continue;
    }
    const last = /** @type {string} */ (path.pop());
    /** @type {Json} */
    let target = doc;
    for (const token of path) {
      if (Array.isArray(target)) target = target[index(target, token, { add: false })];
      else if (isObject(target) && own(target, token)) target = target[token];
      else throw new PatchError(`${op.path} leads nowhere`);
    }
    if (Array.isArray(target)) {
      const i = index(target, last, { add: kind === "add" });
      if (kind === "add") target.splice(i, 0, value);
      else if (kind === "replace") target[i] = value;
      else target.splice(i, 1);
    } else if (isObject(target)) {
      if (kind !== "add" && !own(target, last)) throw new PatchError(`nothing at ${op.path} to ${kind}`);
      if (kind === "remove") delete target[last];
      // Defined, not assigned: a key such as "__proto__" stays a plain key, as in JSON.
      else Object.defineProperty(target, last, { value, writable: true, enumerable: true, configurable: true });
    } else {
      throw new PatchError(`${op.path} does not lead into an object or a list`);
    }
  }
  return doc;
}
