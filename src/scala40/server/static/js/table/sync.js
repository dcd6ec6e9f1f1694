// @ts-check
// Which VIEW a `patch` makes of the one held: the page applies the server's changes to a
// copy, or gets none and asks for the whole VIEW. No DOM and no page state.

import { applyPatch } from "../patch.js";

/** @typedef {import("../types.js").View} View */
/** @typedef {import("../types.js").Json} Json */

/**
 * The VIEW a patch from version `from` makes of `held` (version `v`), or null: the patch
 * is for another version, or does not apply.
 * @param {View | null} held
 * @param {number} v
 * @param {{from?: number, ops?: import("../types.js").PatchOp[]}} msg
 * @returns {View | null}
 */
export function patchedView(held, v, msg) {
  if (!held || msg.from !== v) return null;
  /** @type {Json} */
  let view;
  try {
    view = applyPatch(/** @type {Json} */ (/** @type {unknown} */ (structuredClone(held))), msg.ops);
  } catch {
    return null;
  }
  return view && typeof view === "object" ? /** @type {View} */ (/** @type {unknown} */ (view)) : null;
}
