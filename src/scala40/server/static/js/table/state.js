// @ts-check
// The table page's one state, S: what the server sent last and what the player is doing
// with it (every module of table/ reads and changes it; nothing else on the page keeps any).

import { localFiles } from "../local/setup.js";

/** @typedef {import("../types.js").Card} Card */
/** @typedef {import("../types.js").View} View */
/** @typedef {import("../types.js").GameEvent} GameEvent */
/** @typedef {import("../types.js").Reason} Reason */
/** @typedef {import("../types.js").Summary} Summary */
/** @typedef {import("../types.js").RematchInfo} RematchInfo */
/** @typedef {import("../arrange.js").HandEntry} HandEntry a card of the hand: {id, card} */
/** @typedef {import("../connection.js").ConnectionStatus} ConnectionStatus */
/** @typedef {import("../connection.js").TableConnection} TableConnection */

/** How the hand is ordered: "custom" is the player's own order (dragged).
 * @typedef {"suit" | "rank" | "group" | "custom"} SortBy */

/** Words in the page's language, worded again on a language switch.
 * @typedef {() => string} Words */

/**
 * A move as sent in an `action` intent (docs/protocol.md).
 * @typedef {object} Action
 * @property {string} type
 * @property {Card} [card]
 * @property {Card[]} [cards]
 * @property {Card[][]} [melds]
 * @property {number} [target]
 * @property {string} [end]
 * @property {Card} [declared]
 */

/** A server's `hint`: the move it suggests (null: none) and its English sentence.
 * @typedef {{v?: number, action: Action | null, text?: string, reasons?: import("../types.js").HintReason[]}} Hint */

/** A meld the player put aside for the opening: its hand ids, its cards as the engine
 * lists them (jokers' identities named) and its points.
 * @typedef {{ids: number[], cards: Card[], points: number}} StagedMeld */

/** A card being dragged: where it started, its ghost once it moved, the target under it.
 * @typedef {object} Drag
 * @property {number} id
 * @property {number} x
 * @property {number} y
 * @property {HTMLElement} el
 * @property {boolean} moved
 * @property {HTMLElement | null} ghost
 * @property {Element | null} over
 */

/** A refusal on screen, kept to word it again: its code, the engine's sentence, the
 * engine's reason when it was one sent with the view, the refusal's facts.
 * @typedef {{code: string, message: string, why: Reason | null, facts: {[name: string]: unknown} | null}} Refused */

/** What a bot played for me while I was gone.
 * @typedef {{moves: GameEvent[], summary: Summary | null}} Away */

/** A retired table's report (away.js's retiredReport).
 * @typedef {Awaited<ReturnType<typeof import("../away.js").retiredReport>>} Retired */

/**
 * @typedef {object} TableState
 * @property {View | null} view
 * @property {number} v
 * @property {HandEntry[]} hand in display order
 * @property {number} nextId
 * @property {Set<number>} fresh ids that arrived with the last view (the drawn card)
 * @property {Set<number>} selected
 * @property {StagedMeld[]} staged melds waiting for Open
 * @property {SortBy} sort
 * @property {Set<number>} groupEnds the last card of each group of "Combinations" (arrange.js)
 * @property {Action | null} sent the last action sent: a refusal of it names its card in the page's words
 * @property {Hint | null} hint
 * @property {Set<number>} hinted
 * @property {GameEvent[]} log the events, newest first, worded in the page's language when drawn
 * @property {[ConnectionStatus, (string | number)?] | null} conn_status the connection's state, re-worded on a language switch
 * @property {Words | null} joinReason the words under the join form, re-worded on a language switch
 * @property {boolean} missing no table at this address (the join form is not offered)
 * @property {boolean} pending
 * @property {ReturnType<typeof setTimeout> | undefined} pendingTimer
 * @property {Drag | null} dragging
 * @property {TableConnection | import("../local/connection.js").LocalConnection | null} conn
 * @property {string} message
 * @property {boolean} messageIsError
 * @property {Words | null} messageWords the message in the page's language, when it is ours
 * @property {Refused | null} refused the last refusal shown, re-worded on a language switch
 * @property {boolean} summaryOpen
 * @property {Summary | null} lastSummary
 * @property {boolean} wasMyTurn
 * @property {string} turnSaid whose turn the live region last said (status, hand, seat)
 * @property {ReturnType<typeof setInterval> | undefined} deadlineTimer
 * @property {Away | null} away what a bot played for me while I was gone, until read
 * @property {Retired | null} retired the same report for a table the server has let go (see showGone)
 * @property {boolean} watching a spectator: no seat, the public view, nothing to play
 * @property {boolean} syncAsked a patch did not fit: the whole VIEW is asked for (onPatch)
 * @property {RematchInfo | null} rematchInfo the `rematch` of the last state
 * @property {Map<string, import("../types.js").CheckAnswer | null>} checks the engine's word on
 *   selections legal.melds does not list, by selection key (null: asked, not yet answered)
 */

/** The local table's files when this page plays one in this browser (local/setup.js), else
 * null: a served table's page. */
export const LOCAL_FILES = localFiles();

/** The table of this page, from its address (`/t/ID`); a local table's is "local". */
export const tableId = LOCAL_FILES
  ? "local"
  : decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
/** `/t/ID?watch`: a spectator's page, the public view only (a player who holds a seat here
 * is taken to it instead). */
export const WATCH_ASKED = new URLSearchParams(location.search).has("watch");

/** @type {TableState} */
export const S = {
  view: null,
  v: 0,
  hand: [],
  nextId: 1,
  fresh: new Set(),
  selected: new Set(),
  staged: [],
  checks: new Map(),
  sort: /** @type {SortBy} */ (localStorage.getItem("scala40:sort") || "suit"),
  groupEnds: new Set(),
  sent: null,
  hint: null,
  hinted: new Set(),
  log: [],
  conn_status: null,
  joinReason: null,
  missing: false,
  pending: false,
  pendingTimer: undefined,
  dragging: null,
  conn: null,
  message: "",
  messageIsError: false,
  messageWords: null,
  refused: null,
  summaryOpen: false,
  lastSummary: null,
  wasMyTurn: false,
  turnSaid: "",
  deadlineTimer: undefined,
  away: null,
  retired: null,
  watching: false,
  syncAsked: false,
  rematchInfo: null,
};
