// @ts-check
// The join form: a page without a seat token offers the table's free seat under the
// player's nickname (or says why not: full, over, no such table).

import { api, ApiError, lastNickname, playerIdentity, saveNickname, takeSeat } from "../api.js";
import { $, $input } from "../dom.js";
import { apiErrorText, rulesSummary, seatNameMarked, t } from "../i18n.js";
import { matchLinks } from "./ended.js";
import { connect } from "./start.js";
import { S, tableId } from "./state.js";

/** @type {import("../types.js").RulesCatalogue | null} */
let rulesCatalogue = null;

/**
 * The table's seats and rules, and the form to sit down; `reason` says why the form is
 * shown again (a function, to word it again on a language switch).
 * @param {string | import("./state.js").Words | null} [reason]
 * @param {{keepName?: boolean}} [options]
 */
export async function showJoin(reason, { keepName = false } = {}) {
  S.joinReason = typeof reason === "function" ? reason : reason ? () => reason : null;
  const name = $input("join-name");
  const button = /** @type {HTMLButtonElement} */ ($("join-btn"));
  $("game").hidden = true;
  $("conn").textContent = "";
  $("join").hidden = false;
  if (!keepName) name.value = lastNickname();
  // A player who keeps a rating sits down under the identity's nickname.
  const identity = playerIdentity();
  if (identity) name.value = identity.nickname;
  name.readOnly = Boolean(identity);
  $("join-name-note").hidden = !identity;
  if (identity) $("join-name-note").textContent = t("lobby.ratedAs", { name: identity.nickname });
  $("join-error").textContent = S.joinReason ? S.joinReason() : "";
  try {
    /** @type {{seats: import("../types.js").SeatSummary[], status: string, rules_facts?: import("../types.js").RulesFacts, rules_summary?: string, league?: {name: string} | null, rated?: boolean}} */
    const info = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    if (!rulesCatalogue && info.rules_facts) rulesCatalogue = await api("/api/rules").catch(() => null);
    const names = info.seats
      .map((s) => (s.taken || s.kind !== "human" ? seatNameMarked(s) : `(${t("lobby.free")})`))
      .join(", ");
    const rules = rulesSummary(info.rules_facts, rulesCatalogue) ?? (info.rules_summary || "");
    $("join-info").textContent = `${names} — ${rules}`;
    // A league table seats the league's members only: its note names the league.
    $("join-league").hidden = !info.league && !info.rated;
    const notes = [];
    if (info.league) notes.push(t("lobby.leagueLine", { name: info.league.name }));
    if (info.rated) notes.push(t("lobby.ratedLine"));
    $("join-league").textContent = notes.join(" · ");
    if (info.status === "over") {
      // A finished match has no seat to take: offer its replay and record instead.
      button.disabled = true;
      $("join-error").textContent = t("table.matchOver");
      const links = document.createElement("p");
      for (const [href, key] of matchLinks()) {
        const a = document.createElement("a");
        a.href = href;
        a.textContent = t(key);
        links.append(a, document.createElement("br"));
      }
      $("join-error").append(links);
      return;
    }
    const free = info.seats.some((s) => s.kind === "human" && !s.taken);
    if (!free) {
      $("join-error").textContent = t("table.full");
      button.disabled = true;
    }
    $("join-watch").hidden = info.status !== "playing";
    /** @type {HTMLAnchorElement} */ ($("join-watch-link")).href = `/t/${encodeURIComponent(tableId)}?watch`;
  } catch (err) {
    if (err instanceof ApiError && err.code === "no_such_table") {
      S.missing = true;
      showMissing();
      return;
    }
    $("join-error").textContent = t("err.generic", { message: apiErrorText(err) });
  }
}

/** No table at this address: no seat to offer, the words for it and the way back to the
 * lobby (drawn again on a language switch). */
export function showMissing() {
  $("join").hidden = true;
  $("ended").hidden = false;
  $("ended-title").textContent = t("api.no_such_table");
  const lobby = document.createElement("a");
  lobby.href = "/";
  lobby.textContent = t("table.lobbyLink");
  $("ended-links").replaceChildren(lobby);
}

/** The join form sent: take the seat and connect with its token (or say why not).
 * @param {Event} ev */
export async function join(ev) {
  ev.preventDefault();
  const nickname = $input("join-name").value.trim();
  if (!nickname) return;
  try {
    const res = await takeSeat(tableId, nickname, null, playerIdentity()?.key ?? null);
    saveNickname(nickname);
    $("join").hidden = true;
    connect(res.token);
  } catch (err) {
    const why = () => {
      const text = apiErrorText(err);
      if (err instanceof ApiError && err.status === 409) return text === err.message ? t("table.full") : text;
      return t("lobby.error", { message: text });
    };
    S.joinReason = why;
    $("join-error").textContent = why();
  }
}
