// @ts-check
// Sharing the table: the invitation for a free seat, the spectators' link, and the banner
// that tells a spectator what the page shows.

import { $, $input } from "../dom.js";
import { t } from "../i18n.js";
import { S, tableId } from "./state.js";

/** Copy the invitation for a free seat; where the clipboard is refused, select the link
 * so the player can copy it by hand. */
export async function copyInvite() {
  try {
    await navigator.clipboard.writeText($input("invite-url").value);
    $("invite-copy").textContent = t("lobby.copied");
    setTimeout(() => { $("invite-copy").textContent = t("lobby.copy"); }, 2000);
  } catch {
    $input("invite-url").select();
  }
}

/** The invitation, while the table waits for players (not to a spectator). */
export function renderInvite() {
  const waiting = S.view?.status === "waiting" && !S.watching;
  $("invite").hidden = !waiting;
  if (waiting) $input("invite-url").value = `${location.origin}/t/${encodeURIComponent(tableId)}?join`;
}

/** A spectator is told what the page shows (no one's cards) and, while a seat is free,
 * where to sit; a player finds the link to share with spectators under the log. */
export function renderWatching() {
  const v = S.view;
  if (!v) return;
  const box = $("watching");
  box.hidden = !S.watching;
  if (S.watching) {
    box.replaceChildren(t("watch.banner"));
    if (v.players.some((p) => p.kind === "human" && p.taken === false)) {
      const a = document.createElement("a");
      a.href = `/t/${encodeURIComponent(tableId)}?join`;
      a.textContent = t("watch.sit");
      box.append(" ", a);
    }
  }
  $("watch-share").hidden = S.watching || v.status === "over";
}

/** Copy the spectators' link; where the clipboard is refused, show it to copy by hand. */
export async function copyWatchLink() {
  const url = `${location.origin}/t/${encodeURIComponent(tableId)}?watch`;
  const said = $("watch-said");
  try {
    await navigator.clipboard.writeText(url);
    said.textContent = t("watch.copied");
  } catch {
    said.textContent = url;
  }
}
