// @ts-check
// The table page (table.html loads it): draws what the server sends (VIEW, events, hints,
// hand summaries) and turns clicks and drags into intents. The server is the authority:
// nothing here changes the game until the next `state` message arrives.
//
// Its parts live in table/, around one state (state.js, S):
//   start.js, join.js, ended.js    the page's start, the join form, a table no longer in play
//   messages.js, hint.js           messages from the server; the hint
//   hand.js, order.js              the hand as the player keeps it (order.js: no DOM)
//   facts.js, checks.js            facts about the VIEW (legal.*: the page keeps no rule); the
//                                  engine's word on a selection it does not list (a `check`)
//   intents.js, melding.js         sending intents; laying cards
//   say.js, dialogs.js, summary.js the message line and refusals; the choice; a hand's summary
//   render.js, seats.js, board.js, actions.js, share.js   drawing, part by part
//   drawer.js                      the tabs for the score sheet, the log, the chat, sharing
//   input.js, controls.js          input (pointer, keys); the controls wired once
//   choices.js, wording.js, clock.js, sync.js   DOM-free helpers (tests/js/table-parts.test.mjs)

import { start } from "./table/start.js";

start();
