// @ts-check
// The table page (table.html loads it): draws what the server sends (VIEW, events, hints,
// hand summaries) and turns clicks and drags into intents. The server is the authority:
// nothing here changes the game until the next `state` message arrives. Its parts live in
// table/, around one state (table/state.js).

import { start } from "./table/start.js";

start();
