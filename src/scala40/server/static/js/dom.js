// @ts-check
// The pages' small DOM helpers: an element of the page's own markup by its id, and a
// builder of new elements.

/** The element with this id. The pages ask only for ids their own HTML has, so it is not
 * checked for null (as `document.getElementById(id).x` never was).
 * @param {string} id
 * @returns {HTMLElement} */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** `$` for an <input> (its value, checked).
 * @param {string} id
 * @returns {HTMLInputElement} */
export const $input = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));

/** `$` for a <select> (its value, options).
 * @param {string} id
 * @returns {HTMLSelectElement} */
export const $select = (id) => /** @type {HTMLSelectElement} */ (document.getElementById(id));

/**
 * A new element: `attrs` "class" sets its className, an "onX" key adds a listener for
 * event X, any other key an attribute (true: present and empty; false, null and undefined:
 * absent); then the children (nodes or text) in order.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {{[name: string]: unknown}} [attrs]
 * @param {...(Node | string)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = String(v);
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), /** @type {EventListener} */ (v));
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) node.append(c);
  return node;
}

/** A link with this text.
 * @param {string} href
 * @param {string} text
 * @returns {HTMLAnchorElement} */
export function link(href, text) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  return a;
}

/** Copy an input's text (a link to share) to the clipboard; true when it is copied. Where
 * the clipboard is out of reach (plain http on a home network) the text is selected
 * instead, for the browser's own copy menu.
 * @param {HTMLInputElement} input
 * @returns {Promise<boolean>} */
export async function copyField(input) {
  try {
    await navigator.clipboard.writeText(input.value);
    return true;
  } catch {
    input.select();
    return false;
  }
}
