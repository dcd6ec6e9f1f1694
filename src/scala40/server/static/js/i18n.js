// @ts-check
// Every string the pages show, in English and Italian, and the language switch.
// Pages mark static text with data-i18n="key" (text) or data-i18n-title / -placeholder.

/** @typedef {"en" | "it"} Lang */
/** @typedef {import("./types.js").Json} Json */

/** Every string, by language then key.
 * @type {{[lang: string]: {[key: string]: string}}} */
const STRINGS = {
  en: {
    "app.title": "Scala 40",
    "nav.lobby": "Lobby",
    "nav.history": "Finished matches",
    "nav.score": "Paper score sheet",
    "lang.switch": "Italiano",
    "page.lobby": "Scala 40 — play online",
    "page.table": "Scala 40 — table",
    "page.history": "Scala 40 — finished matches",
    "page.replay": "Scala 40 — replay",

    // The rules page (GET /api/rulebook), its links, and the guided first hand.
    "page.rules": "Scala 40 — the rules",
    "nav.rules": "Rules of the game",
    "book.title": "The rules of Scala 40, as this table plays them",
    "book.intro": "Out of the box the table plays the FISCA tournament rules. Wherever home tables play differently there is a rule key, chosen in the lobby before the deal.",
    "book.contents": "Contents",
    "book.keys": "Every rule key",
    "book.keysIntro": "The default is the FISCA value; the lobby's “{panel}” panel changes any of them.",
    "book.example": "Example",
    "book.default": "Default",
    "book.values": "Values",
    "book.atLeast": "{n} or more",
    "book.between": "from {low} to {high}",
    "book.withDecks": "up to {n} with {decks} decks",
    "book.orNone": "or empty: {none}",
    "book.orAny": "or {any}",
    "book.inPreset": "{preset}: {value}",
    "book.top": "Back to the contents",
    "lobby.ruleHelp": "What is this rule?",
    "lobby.guide": "First game? Guide me",
    "lobby.guideNote": "You against an easy bot, two players, FISCA rules: every step of your first hand is explained.",
    "table.why": "why?",
    "table.whyTitle": "The rule behind this refusal",
    "guide.title": "Your first hand",
    "guide.close": "Hide the guide",
    "guide.wait": "Your opponent is playing. Every turn is the same: draw one card, lay melds when you can, then throw one card on the pozzo.",
    "guide.draw": "Your turn begins with a draw: tap the stock (or {draw}) to take its top card.",
    "guide.drawPozzo": "Your turn begins with a draw: the top card of the stock ({draw}), or the pozzo card if you can lay it on the table this turn.",
    "guide.pozzoBarred": "Your turn begins with a draw. The pozzo card is not for you yet (you have not opened): draw from the stock with {draw}.",
    "guide.pozzoUnusable": "Your turn begins with a draw. You could not use the pozzo card this turn, so it cannot be taken: draw from the stock with {draw}.",
    "guide.canOpen": "You can open! Lay melds worth {n} points or more together: select the cards of one meld, press {add}, repeat, then press {open}. The hint shows one way.",
    "guide.cannotOpen": "Not enough yet for an opening of {n} points. Keep pairs and cards close in a suit, select a card you can spare and press {discard}. A card that fits a meld on the table may be barred.",
    "guide.opened": "You have opened. Now lay off cards on any meld, lay new melds, and end the turn with {discard}. Get rid of every card to go out.",
    "guide.lastCard": "One card left: throw it on the pozzo with {discard} and you go out. The hand is yours!",
    "guide.handOver": "That was your first hand: the score sheet shows what each one paid. The guide ends here; the rules page explains everything else.",
    "guide.link.turn": "A turn",
    "guide.link.pozzo": "The pozzo rule",
    "guide.link.opening": "What opens",
    "guide.link.fit": "The discard ban",
    "guide.link.discard": "Discarding",
    "guide.link.goingOut": "Going out",
    "guide.link.scoring": "Scoring",

    "lobby.create": "New table",
    "lobby.seats": "Seats",
    "lobby.seat": "Seat {n}",
    "lobby.seatCount": "Players",
    "lobby.human": "Human player",
    "lobby.bot.beginner": "Bot: Beginner",
    "lobby.bot.easy": "Bot: Easy",
    "lobby.bot.club": "Bot: Club player",
    "lobby.bot.expert": "Bot: Expert",
    "lobby.bot.program": "Bot: {name} (program)",
    "lobby.preset": "Rules",
    "lobby.preset.fisca": "FISCA tournament rules",
    "lobby.preset.house": "House rules (common home table)",
    "lobby.moreRules": "Every rule, one by one",
    "lobby.turnSeconds": "Time per turn",
    "lobby.noTimer": "no limit",
    "lobby.nickname": "Your nickname",
    "lobby.createBtn": "Create the table",
    "lobby.created": "Table ready. Send this link to your friends:",
    "lobby.copy": "Copy link",
    "lobby.copied": "Copied",
    "lobby.botPace": "Bot pace",
    "lobby.pace.slow": "slow",
    "lobby.pace.normal": "normal",
    "lobby.pace.fast": "fast",
    "lobby.waitingFor.one": "Waiting for 1 more player. Keep this page open: it holds your seat and takes you to the table when the match starts.",
    "lobby.waitingFor.other": "Waiting for {n} more players. Keep this page open: it holds your seat and takes you to the table when the match starts.",
    "lobby.goTable": "Go to the table",
    "lobby.open": "Open tables",
    "lobby.none": "No open tables: create one.",
    "lobby.join": "Join",
    "lobby.watchMine": "Back to my seat",
    "lobby.free": "free",
    "lobby.older": "Older tables",
    "lobby.newest": "Newest tables",
    "lobby.page": "tables {from}–{to} of {total}",
    "lobby.status.waiting": "waiting for players",
    "lobby.status.playing": "playing",
    "lobby.status.over": "over",
    "lobby.needHuman": "At least one seat must be a human player (you).",
    "lobby.default": "default",
    "lobby.yes": "yes",
    "lobby.no": "no",
    "lobby.none_value": "none",
    "lobby.any": "any",
    "lobby.error": "Could not do that: {message}",

    "table.hand": "Hand {n}",
    "fair.mark": "Verifiable shuffle",
    "fair.markTitle": "Hand {n} is dealt from a secret committed to before the deal ({commitment}…), mixed with the players' own randomness; the secret is shown when the hand is over.",
    "fair.verified": "✓ Shuffle verified",
    "fair.verifiedTitle": "Every deck of the {n} hands is the one its secret, committed to before the deal, and the players' randomness give.",
    "fair.failed": "✗ Shuffle not verified: {why}",
    "fair.differs": "✗ The record's commitment differs from the one shown at the table for hand {hands}",
    "fair.problem.not_revealed": "the secret of hand {n} was never revealed",
    "fair.problem.commitment": "the secret of hand {n} is not the one committed to before the deal",
    "fair.problem.deck": "the deck of hand {n} is not the one its secret and the players' randomness shuffle",
    "fair.problem.reshuffle_seed": "the rebuild seed of hand {n} is not the one its secret gives",
    "fair.problem.malformed": "the record is damaged",
    "fair.problem.not_verifiable": "hand {n} has no commitment",
    "fair.problem.replay": "the moves do not replay",
    "table.yourHand": "Your cards",
    "table.sortSuit": "By suit",
    "table.sortRank": "By rank",
    // The feel of the table (sound.js, keys.js, arrange.js).
    "table.sortGroup": "Combinations",
    "table.sortGroupTitle": "Group my combinations: cards that make runs and sets first",
    "table.sound": "Sounds",
    "table.soundTitle": "Sounds on or off",
    "keys.title": "Keyboard shortcuts",
    "keys.close": "Close",
    "keys.space": "Space",
    "keys.draw": "Draw from the stock",
    "keys.pozzo": "Take the pozzo card",
    "keys.discard": "Discard the selected card",
    "keys.hint": "Ask for a hint",
    "keys.group": "Group my combinations",
    "keys.move": "Move over your cards",
    "keys.select": "Select or release the card under the cursor",
    "keys.clear": "Clear the selection",
    "keys.help": "Show or hide this list",
    "table.stock": "Stock",
    "table.pozzo": "Pozzo",
    "table.melds": "Melds on the table",
    "table.noMelds": "No melds yet",
    "table.draw": "Draw",
    "table.takePozzo": "Take pozzo",
    "table.addMeld": "Add meld",
    "table.open": "Open",
    "table.meld": "Meld",
    "table.layoff": "Lay off",
    "table.swap": "Swap joker",
    "table.discard": "Discard",
    "table.takeback": "Take back",
    "table.hint": "Hint",
    "table.playHint": "Play it",
    "table.clear": "Clear",
    "table.yourTurn": "Your turn",
    "table.yourTurnDraw": "Your turn: draw from the stock or take the pozzo",
    "table.yourTurnPlay": "Your turn: meld, lay off, then discard",
    "table.turnOf": "{name} is playing",
    "table.usePozzo": "use the {card} from the pozzo this turn",
    "table.yourTurnDrawStock": "Your turn: draw from the stock",
    "table.yourTurnPlayMeld": "Your turn: meld, then discard",
    "table.yourTurnPlayLayoff": "Your turn: lay off, then discard",
    "table.yourTurnOpen": "Your turn: open with {need} points of melds, or discard",
    "table.yourTurnDiscard": "Your turn: discard a card",
    "table.whyNoLayoff": "That card fits no meld on the table (the cards that fit have a dot).",
    "table.whyNoSwap": "No joker on the table stands for that card.",
    // Why a move is not possible, before it is tried: the engine's reason by its code,
    // naming the card it is about (legal.why of the view; other codes use refuse.CODE).
    "why.pozzo_unusable": "You may take the {card} only if you can use it this turn.",
    "why.pozzo_needs_opening": "You have not opened: you may take the {card} only to open this turn.",
    "why.discard_fits": "The {card} fits a meld on the table, so it cannot be discarded.",
    "why.pozzo_unused": "You took the {taken} from the pozzo: use it in a meld or lay it off before discarding.",
    "why.pozzo_discard": "The {card} you took from the pozzo cannot be this turn's discard.",
    "why.not_in_hand": "You do not hold the {card}.",
    "why.joker_unused": "Lay the joker you recovered again before you discard the {card}.",
    "why.must_open": "You took the pozzo before opening: open this turn before you discard the {card}.",
    "why.chiusura_pending": "You laid down your hand for a chiusura in mano: the {card} may go only as your last card (or take back).",
    "why.first_round": "Nobody may go out before every player has completed one full turn: keep the {card} for now.",
    "why.joker_discard": "You have not opened: you may not discard the {card}.",
    "why.swapped_joker_discard": "The {card} you won by a swap this turn cannot be this turn's discard.",
    "why.does_not_fit": "The {card} cannot be laid off on that meld.",
    "why.no_room": "The {card} cannot go at that end of the run.",
    "why.no_joker_to_swap": "No joker in that meld stands for the {card}.",
    "why.swap_needs_natural": "A joker is swapped out with a natural card, not with the {card}.",
    "table.waiting": "Waiting for players to take their seats. Share this link:",
    "table.opening": "Opening: {points} / {need} points",
    "table.openingOk": "enough to open",
    "table.openingShort": "{missing} more needed",
    "table.meldPoints": "{points} pts",
    "table.staged": "Melds to lay down",
    "table.remove": "Back to hand",
    "table.opened": "opened",
    "table.notOpened": "not opened",
    "table.cards": "{n} cards",
    "table.known": "known:",
    "table.total": "total {n}",
    "table.out": "eliminated",
    "table.bot": "bot",
    "table.away": "away (a bot plays)",
    "table.offline": "not connected",
    "table.you": "you",
    "table.dealer": "dealer",
    "table.connecting": "Connecting…",
    "table.reconnecting": "Connection lost, reconnecting in {s} s…",
    "table.connected": "Connected",
    "table.badToken": "This browser has no seat at this table: take a free seat here.",
    "table.replaced": "This seat is now playing in another window or device.",
    "table.gone": "This table is not in play any more.",
    "table.joinTitle": "Take a seat at this table",
    "table.joinBtn": "Sit down",
    "table.full": "Every seat at this table is taken.",
    "table.selectCards": "Select cards in your hand first.",
    "table.selectOne": "Select exactly one card.",
    "table.notMeld": "These cards are not a meld: {why}",
    "table.chooseEnd": "Which end of the run?",
    "table.low": "Low end",
    "table.high": "High end",
    "table.chooseSuit": "Which suit does the joker stand for?",
    "table.jokerAs": "joker = {card}",
    "table.cancel": "Cancel",
    "table.clickMeld": "Now click a meld on the table.",
    "table.hintNone": "No suggestion.",
    "table.deadline": "{s} s left",
    "table.log": "What happened",
    "table.scores": "Score sheet",
    "table.elimination": "elimination at {n}",
    "table.handCol": "Hand",
    "table.totalRow": "Total",
    "table.recordLink": "Download the game record",
    "table.replayLink": "Watch the replay",
    "table.lobbyLink": "Back to the lobby",

    "table.matchOver": "The match is over",
    "hint.draw": "Draw from the stock",
    "hint.pozzo": "Take the pozzo card",
    "hint.open": "Open with {cards}",
    "hint.meld": "Lay {cards}",
    "hint.layoff": "Lay off {card} on meld {target}",
    "hint.swap": "Swap {card} for the joker of meld {target}",
    "hint.discard": "Discard {card}",
    "hint.takeback": "Take back what you laid down",

    "ev.draw": "{name} drew from the stock",
    "ev.pozzo": "{name} took {card} from the pozzo",
    "ev.discard": "{name} discarded {card}",
    "ev.open": "{name} opened: {cards}",
    "ev.meld": "{name} laid {cards}",
    "ev.layoff": "{name} laid off {card}",
    "ev.swap": "{name} swapped {card} for a joker",
    "ev.takeback": "{name} took back their melds",
    "ev.bot_takes_over": "{name} left: a bot plays for them",
    "ev.human_back": "{name} is back",
    "ev.timeout": "{name} ran out of time: a bot finishes the turn",
    "ev.join": "{name} sat down at the table",

    "sum.title": "Hand {n} is over",
    "sum.went_out": "{name} went out",
    "sum.chiusura": "{name} went out all at once (chiusura in mano)!",
    "sum.stock_out": "The stock ran out",
    "sum.reshuffle_limit": "The stock ran out once more after its last allowed rebuild: everybody counts",
    "sum.player": "Player",
    "sum.cards": "Cards left",
    "sum.penalty": "Penalty",
    "sum.total": "Total",
    "sum.eliminated": "Eliminated: {names}",
    "sum.reentered": "Back in: {names}",
    "sum.matchOver": "Match over: {name} wins!",
    "sum.next": "Next hand",
    "sum.close": "Close",

    "hist.title": "Finished matches",
    "hist.none": "No finished matches yet.",
    "hist.players": "Players",
    "hist.winner": "Winner",
    "hist.finished": "Finished",
    "hist.replay": "Replay",
    "hist.record": "Record",

    "rep.title": "Replay",
    "rep.first": "Start",
    "rep.prev": "Back",
    "rep.next": "Forward",
    "rep.last": "End",
    "rep.play": "Play",
    "rep.pause": "Pause",
    "rep.step": "Step {i} of {n}",
    "rep.deal": "Hand {n} dealt",
    "rep.download": "Download the game record (JSON)",
    "rep.missing": "This match cannot be replayed: {message}",
    "rep.slider": "Step",

    // Refused moves, by the code the engine or the server sends (tests/e2e/test_i18n.py
    // checks every code the source can raise has a sentence in both languages).
    "refuse.draw_first": "Draw a card first (from the stock or the pozzo).",
    "refuse.already_drew": "You have already drawn this turn.",
    "refuse.not_in_hand": "You do not hold that card.",
    "refuse.bad_card": "That is not a card.",
    "refuse.no_such_meld": "There is no such meld on the table.",
    "refuse.bad_action": "The move could not be read.",
    "refuse.unknown_action": "That is not a Scala 40 move.",
    "refuse.hand_over": "The hand is over.",
    "refuse.match_over": "The match is over.",
    "refuse.invalid_meld": "These cards do not make a valid meld (a run or a set).",
    "refuse.declare_joker": "Say which suit the joker stands for in the set.",
    "refuse.choose_end": "Say at which end of the run the card goes (low or high).",
    "refuse.does_not_fit": "That card cannot be laid off on that meld.",
    "refuse.no_room": "The joker cannot go at that end of the run.",
    "refuse.swap_needs_natural": "A joker is swapped out with a natural card.",
    "refuse.no_joker_to_swap": "No joker in that meld stands for this card.",
    "refuse.already_opened": "You have already opened: lay melds one by one.",
    "refuse.empty_opening": "An opening needs at least one meld.",
    "refuse.below_opening": "These melds do not make enough points to open.",
    "refuse.joker_in_opening": "Under these rules the joker cannot be used that way in the turn you open.",
    "refuse.not_opened": "You have not opened: first lay melds that make the opening points.",
    "refuse.not_opened_pozzo": "You have not opened: you may take the pozzo only once opened.",
    "refuse.pozzo_needs_opening": "You have not opened: you may take the pozzo card only to open with it this turn.",
    "refuse.pozzo_unusable": "You may take the pozzo card only if you can use it this turn.",
    "refuse.pozzo_in_opening": "The card you took from the pozzo must be part of your opening.",
    "refuse.pozzo_stranded": "This opening leaves the pozzo card with no meld or lay-off this turn.",
    "refuse.pozzo_unused": "Use the card you took from the pozzo (meld it or lay it off) before discarding.",
    "refuse.pozzo_discard": "The card you took from the pozzo cannot be this turn's discard.",
    "refuse.must_open": "You took the pozzo before opening: you must open this turn.",
    "refuse.joker_unused": "Lay the joker you recovered again before ending the turn.",
    "refuse.joker_discard": "You have not opened: you may not discard a joker.",
    "refuse.swapped_joker_discard": "The joker you won by a swap this turn cannot be this turn's discard.",
    "refuse.discard_fits": "That card fits a meld on the table, so it cannot be discarded.",
    "refuse.chiusura_pending": "You laid down your hand for a chiusura in mano: discard your last card to go out (or take back).",
    "refuse.first_round": "Nobody may go out before every player has completed one full turn.",
    "refuse.incartato": "You must keep a card to discard: laying down every card is not going out.",
    "refuse.nothing_to_take_back": "You have laid nothing down this turn.",
    "refuse.bad_json": "The message sent to the server is not JSON.",
    "refuse.bad_message": "The message sent to the server is not valid.",
    "refuse.too_big": "The message sent to the server is too long.",
    "refuse.rate_limited": "Too many messages at once: slow down.",
    "refuse.not_started": "The match starts when every seat is taken.",
    "refuse.not_your_turn": "It is not your turn.",
    "refuse.stale_version": "The table moved on meanwhile: look again.",
    "refuse.entropy_refused": "Your randomness was not added: that hand is dealt already, or you added yours.",
    "refuse.server_error": "The server could not save the move: try again.",
    "refuse.table_full": "Every seat at this table is taken.",
    "refuse.seat_taken": "That seat is taken.",
    "refuse.pozzo_empty": "The pozzo is empty: draw from the stock.",
    "refuse.illegal_action": "That move is not allowed now.",
    "refuse.table_closed": "This table is closed: nobody played at it for too long.",
    "refuse.no_such_seat": "This table has no such seat.",
    "refuse.name_taken": "Someone at this table already has that nickname: choose another one.",

    "err.generic": "Something went wrong: {message}",
    "err.noTableId": "There is no table in the address.",

    // Plurals: tn(key, n) picks key + ".one" for 1 and key + ".other" otherwise.
    "table.cards.one": "1 card",
    "table.cards.other": "{n} cards",
    "table.meldPoints.one": "1 pt",
    "table.meldPoints.other": "{n} pts",
    "table.opening.one": "Opening: {points} / {need} point",
    "table.opening.other": "Opening: {points} / {need} points",
    "table.deadline.one": "1 s left",
    "table.deadline.other": "{n} s left",
    "table.standInSoon.one": "1 s left: then a bot plays this turn for you",
    "table.standInSoon.other": "{n} s left: then a bot plays this turn for you",
    "away.title.one": "While you were away, a bot made 1 move for you:",
    "away.title.other": "While you were away, a bot made {n} moves for you:",
    "away.close": "Got it",
    "table.openingShort.one": "1 more needed",
    "table.openingShort.other": "{n} more needed",

    "card.joker": "Joker",
    "card.jokerAs": "Joker = {card}",

    "bot.name": "Bot {n} ({level})",
    "bot.level.beginner": "Beginner",
    "bot.level.easy": "Easy",
    "bot.level.club": "Club player",
    "bot.level.expert": "Expert",
    "bot.level.search": "Search (study)",

    // Why the selected cards are not a meld (cards.js planMeld codes).
    "meldWhy.too_few": "a meld needs at least 3 cards",
    "meldWhy.only_jokers": "a meld of only jokers is never legal",
    "meldWhy.too_many_jokers.one": "at most 1 joker per meld",
    "meldWhy.too_many_jokers.other": "at most {n} jokers per meld",
    "meldWhy.neither": "neither a run (one suit, in sequence) nor a set (one rank)",
    "meldWhy.set_suits": "a set needs cards of different suits",
    "meldWhy.set_size": "a set holds at most 4 cards",
    "meldWhy.run_gap": "a run needs consecutive cards of one suit",

    // The one-line rules summary of a table (lobby list, join form), from the server's facts.
    "rules.opening.one": "1 point to open",
    "rules.opening.other": "{n} points to open",
    "rules.singleHand": "one hand",
    "rules.target": "lowest total when someone reaches {n}",
    "rules.fixedHands.one": "1 hand",
    "rules.fixedHands.other": "{n} hands",
    "rules.elimination": "out at {n}",

    // Lobby and join errors, by the code of the server's JSON error.
    "api.bad_nickname": "Choose a nickname (up to 24 letters).",
    "api.bad_seats": "The seats are not valid: one to six players, at least one human.",
    "api.bad_players": "That number of players is not allowed.",
    "api.bad_rules": "These rules do not go together.",
    "api.bad_seat": "There is no such seat.",
    "api.bad_json": "The request sent to the server is not valid JSON.",
    "api.too_big": "The request sent to the server is too long.",
    "api.no_such_table": "There is no such table (it may have been closed).",
    "api.bad_page": "That page of tables does not exist.",
    "api.network": "The server cannot be reached: check the connection and try again.",
    "api.match_in_play": "The record is shown once the match is over.",
    "api.server_full": "The server has as many tables as it can hold: join an open table or try again later.",
    "api.too_many_tables": "Too many new tables from this address: wait a minute and try again.",
    "api.too_many_identities": "Too many new players and leagues from this address: wait a minute and try again.",
    "api.too_many_connections": "Too many connections from this address: close some tabs and try again.",
    "api.bad_origin": "Requests from other sites are refused.",
    "api.bad_content_type": "The request was not sent as JSON.",
    "api.bad_timer": "The time per turn is either no limit or 1 to 3600 seconds.",
    "api.bad_pace": "The bots' pace is slow, normal or fast.",
    "api.bad_token": "This browser's seat key is not valid: reload the page and try again.",
    "api.no_rematch": "This match led to no rematch.",
    "api.bad_claim": "This browser's seat key opens no seat of the rematch, or it was used already.",
    "api.nickname_taken": "That nickname is taken: choose another.",
    "api.bad_key": "This player key is not known: sign in again with your sign-in link.",
    "api.no_such_player": "There is no player with that nickname.",

    // Ratings and player identities (players.html: the leaderboard, a profile, /me to sign in).
    "nav.players": "Ratings",
    "page.players": "Scala 40 — ratings",
    "page.profile": "Scala 40 — {name}",
    "page.me": "Scala 40 — sign in",
    "lobby.ratedAs": "(rated as {name})",
    "bot.rated": "Bot ({level})",
    "you.title": "Your rating",
    "you.intro": "Keep a rating: choose a nickname. No e-mail, no password: this browser keeps a secret key for you.",
    "you.nickname": "Nickname",
    "you.create": "Keep my rating",
    "you.are": "You are {name}",
    "you.page": "your page",
    "you.link": "Sign-in link for your other devices",
    "you.linkWarn": "Whoever has this link plays as you and changes your rating: keep it to yourself.",
    "you.keep": "Keep this link somewhere safe: it is the only way to play as {name} on another device, or here after this browser forgets its data.",
    "you.copy": "Copy the link",
    "you.copied": "Copied",
    "you.signOut": "Sign out on this device",
    "you.signOutConfirm": "Sign out on this device? Without your sign-in link the rating cannot be taken back.",
    "board.title": "Ratings",
    "board.intro": "A rating is the OpenSkill estimate of a player's skill minus three times its uncertainty: it grows with good results and as the estimate grows sure. Bots are rated too.",
    "board.place": "Place",
    "board.name": "Player",
    "board.rating": "Rating",
    "board.matches": "Matches",
    "board.wins": "Wins",
    "board.none": "No rated match yet: the list fills up as matches end.",
    "prof.rating": "Rating",
    "prof.matches": "Matches",
    "prof.wins": "Wins",
    "prof.hands": "Hands played",
    "prof.penalty": "Average penalty per hand",
    "prof.opening": "Average opening turn",
    "prof.chart": "Rating after each match",
    "prof.axisX": "Match",
    "prof.axisY": "Rating",
    "prof.history": "Rated matches",
    "prof.when": "Finished",
    "prof.place": "Place",
    "prof.placeOf": "{place} of {players}",
    "prof.after": "Rating after",
    "prof.replay": "Replay",
    "prof.none": "No rated match yet.",
    "prof.back": "All ratings",
    "prof.you": "(you)",
    "ordinal.one": "{n}st",
    "ordinal.two": "{n}nd",
    "ordinal.few": "{n}rd",
    "ordinal.other": "{n}th",
    "me.title": "Sign in",
    "me.signing": "Signing in…",
    "me.signedIn": "Signed in as {name}.",
    "me.lobby": "Go to the lobby",
    "me.page": "Your rating page",
    "me.bad": "This sign-in link is not valid: check that it was copied whole.",
    "me.noKey": "This address holds no sign-in key: open the link exactly as it was copied.",

    // Leagues (league.html; the lobby's league choice; "Your leagues" on /players).
    "page.league": "Scala 40 — league",
    "page.leagueOf": "Scala 40 — {name}",
    "league.back": "Ratings and your leagues",
    "league.since": "A league since {date}",
    "league.standings": "Standings",
    "league.place": "Place",
    "league.name": "Player",
    "league.matches": "Matches",
    "league.wins": "Wins",
    "league.points": "Points",
    "league.penalty": "Average penalty",
    "league.pointsNote": "In each league match a player earns one point for every seat that finished behind them; equal points go to more wins, then to the lower average penalty per hand.",
    "league.matchesTitle": "League matches",
    "league.noMatches": "No league match yet: start one from the lobby and it counts here.",
    "league.result": "{place}. {name}",
    "league.invite": "Invite friends",
    "league.inviteNote": "Whoever opens this link can join the league with their rating: send it to your friends only.",
    "league.copy": "Copy the link",
    "league.copied": "Copied",
    "league.joinIntro": "You are invited to the league {name}.",
    "league.joinBtn": "Join this league",
    "league.needIdentity": "You are invited to the league {name}. A league counts rated players: keep a rating first, then open this page again (this browser keeps the invitation).",
    "league.needIdentityLink": "Keep a rating",
    "league.play": "Play a league match",
    "lobby.league": "Count for league",
    "lobby.noLeague": "no league",
    "lobby.leagueLine": "League: {name}",
    "you.leagues": "Your leagues",
    "you.noLeagues": "No league yet: start one and invite your friends.",
    "you.startLeague": "Start a league",
    "you.leagueName": "e.g. Thursday cards",
    "you.startBtn": "Start",
    "api.bad_league_name": "A league's name has 1 to 40 characters.",
    "api.bad_invite": "This invitation is not valid: ask for the link again.",
    "api.no_such_league": "There is no such league.",
    "api.bad_league": "That league is not valid: choose one of yours or no league.",
    "api.not_in_league": "Only a member of the league can start a table that counts for it.",
    "api.league_only": "This table counts for a league: only its members sit here. Join the league with its invitation link and keep your rating in this browser.",

    // Rematch and chat (rematch.js, chat.js).
    "rematch.button": "Rematch",
    "rematch.askedBy": "Rematch asked by: {names}",
    "rematch.waitingFor": "Waiting for: {names}",
    "rematch.kept": "Not here: {names} (a bot plays the seat at the rematch until they come back)",
    "rematch.going": "The rematch is ready: off to the new table…",
    "watch.line": "Watching",
    "watch.banner": "You are watching this table: you see what every player sees, nobody's cards.",
    "watch.sit": "Take the free seat",
    "watch.copy": "Copy a link for spectators",
    "watch.copied": "Link copied: whoever opens it watches without seeing anyone's cards.",
    "watch.crowded": "This table has as many spectators as it allows: try again later.",
    "watch.instead": "Or watch this table without playing",
    "watch.rematch": "Watch the rematch",
    "lobby.watch": "Watch",
    "rematch.link": "Go to the rematch",
    "rematch.you": "you",
    "chat.title": "Chat",
    "chat.placeholder": "Say something (120 characters at most)",
    "chat.send": "Send",
    "chat.mute": "Mute {name}",
    "chat.unmute": "Unmute {name}",
    "chat.phrase.hello": "Hello everyone!",
    "chat.phrase.gg": "Good game!",
    "chat.phrase.nice": "Nice move!",
    "chat.phrase.oops": "Oops!",
    "chat.phrase.thanks": "Thanks!",
    "chat.phrase.hurry": "A bit quicker, please!",
    "chat.emote.thumbs": "Thumbs up",
    "chat.emote.smile": "Smile",
    "chat.emote.wow": "Surprised",
    "chat.emote.sad": "Sad",
    "refuse.chat_unknown_phrase": "That quick phrase is not known.",
    "refuse.chat_empty": "Write something first.",
    "refuse.chat_too_long": "A chat message is at most 120 characters.",
    "refuse.chat_control": "A chat message may not hold line breaks or control characters.",
    "refuse.chat_limited": "Too many chat messages: at most 3 in a row, then 1 a second.",
    "refuse.watching": "You are watching: only the players make moves, chat or ask for a rematch.",
    // A refusal's own words with its facts (the engine's specifics): refuse.CODE.PROBLEM
    // or refuse.CODE.facts; {cards} and {card} as the page shows cards, {name} a player.
    "refuse.invalid_meld.too_few": "A meld needs at least 3 cards: {cards}.",
    "refuse.invalid_meld.only_jokers": "A meld of only jokers is never legal.",
    "refuse.invalid_meld.too_many_jokers": "Too many jokers for one meld (these rules allow {allowed}): {cards}.",
    "refuse.invalid_meld.few_naturals": "A meld with a joker needs at least {need} natural cards: {cards}.",
    "refuse.invalid_meld.run_too_long": "A run may hold at most {allowed} cards: {cards}.",
    "refuse.invalid_meld.two_aces": "A run may not hold both aces as natural cards: {cards}.",
    "refuse.invalid_meld.set_too_big": "A set holds at most 4 cards, one per suit: {cards}.",
    "refuse.invalid_meld.set_suits": "A set needs cards of different suits: {cards}.",
    "refuse.invalid_meld.run_gap": "A run needs consecutive cards of one suit: {cards}.",
    "refuse.invalid_meld.neither": "{cards} is neither a run (one suit, consecutive) nor a set (one rank, different suits).",
    "refuse.invalid_meld.joker_in_set": "In the set {cards} the joker cannot be {card}: it stands for a missing suit of the same rank.",
    "refuse.invalid_meld.run_wrap": "A run needs consecutive cards of one suit, with no wrap (K-A-2 is not a run): {cards}.",
    "refuse.invalid_meld.joker_in_run": "The joker's place in {cards} fixes what it stands for: it cannot be {card}.",
    "refuse.below_opening.facts": "An opening needs {need} points: these melds make {points}.",
    "refuse.joker_in_opening.plain_first": "A joker joins the opening only once the melds without jokers reach {need}: they make {points}.",
    "refuse.joker_in_opening.strict": "Under these rules no joker may be placed in the turn you open.",
    "refuse.not_in_hand.facts": "You do not hold {card}.",
    "refuse.not_in_hand.copies": "You do not hold {copies} × {card}.",
    "refuse.not_your_turn.facts": "It is {name}'s turn.",
    "refuse.rematch_refused": "The rematch could not be made now: try again.",
  },
  it: {
    "app.title": "Scala 40",
    "nav.lobby": "Sala",
    "nav.history": "Partite finite",
    "nav.score": "Segnapunti cartaceo",
    "lang.switch": "English",
    "page.lobby": "Scala 40 — gioca online",
    "page.table": "Scala 40 — tavolo",
    "page.history": "Scala 40 — partite finite",
    "page.replay": "Scala 40 — rivedi la partita",

    "page.rules": "Scala 40 — le regole",
    "nav.rules": "Regole del gioco",
    "book.title": "Le regole di Scala 40, come le gioca questo tavolo",
    "book.intro": "Di partenza il tavolo segue il regolamento dei tornei FISCA. Dove i tavoli di casa giocano diversamente c'è una chiave delle regole, da scegliere nella sala prima della distribuzione.",
    "book.contents": "Indice",
    "book.keys": "Tutte le chiavi delle regole",
    "book.keysIntro": "Il predefinito è il valore FISCA; nella sala il riquadro «{panel}» le cambia una per una.",
    "book.example": "Esempio",
    "book.default": "Predefinito",
    "book.values": "Valori",
    "book.atLeast": "{n} o più",
    "book.between": "da {low} a {high}",
    "book.withDecks": "fino a {n} con {decks} mazzi",
    "book.orNone": "oppure vuoto: {none}",
    "book.orAny": "oppure {any}",
    "book.inPreset": "{preset}: {value}",
    "book.top": "Torna all'indice",
    "lobby.ruleHelp": "Che cos'è questa regola?",
    "lobby.guide": "Prima partita? Guidami",
    "lobby.guideNote": "Tu contro un bot facile, in due, regole FISCA: ogni passo della tua prima mano è spiegato.",
    "table.why": "perché?",
    "table.whyTitle": "La regola dietro questo rifiuto",
    "guide.title": "La tua prima mano",
    "guide.close": "Nascondi la guida",
    "guide.wait": "Gioca l'avversario. Ogni turno è uguale: si pesca una carta, si calano combinazioni quando si può, poi si getta una carta sul pozzo.",
    "guide.draw": "Il tuo turno comincia pescando: tocca il tallone (o {draw}) per prendere la carta in cima.",
    "guide.drawPozzo": "Il tuo turno comincia pescando: la carta in cima al tallone ({draw}), oppure quella del pozzo se puoi calarla in questo turno.",
    "guide.pozzoBarred": "Il tuo turno comincia pescando. La carta del pozzo non è ancora per te (non hai aperto): pesca dal tallone con {draw}.",
    "guide.pozzoUnusable": "Il tuo turno comincia pescando. In questo turno non potresti usare la carta del pozzo, quindi non si può prendere: pesca dal tallone con {draw}.",
    "guide.canOpen": "Puoi aprire! Cala combinazioni che valgano insieme almeno {n} punti: scegli le carte di una combinazione, premi {add}, ripeti, poi premi {open}. Il suggerimento mostra un modo.",
    "guide.cannotOpen": "Non hai ancora abbastanza per un'apertura da {n} punti. Tieni coppie e carte vicine dello stesso seme, scegli una carta che non ti serve e premi {discard}. Una carta che si attacca a una combinazione in tavola può essere vietata.",
    "guide.opened": "Hai aperto. Ora attacca carte a qualsiasi combinazione, calane di nuove e finisci il turno con {discard}. Liberati di tutte le carte per chiudere.",
    "guide.lastCard": "Ti resta una carta: gettala sul pozzo con {discard} e chiudi. La mano è tua!",
    "guide.handOver": "Questa era la tua prima mano: il foglio dei punteggi mostra quanto ha pagato ciascuno. La guida finisce qui; la pagina delle regole spiega il resto.",
    "guide.link.turn": "Il turno",
    "guide.link.pozzo": "La regola del pozzo",
    "guide.link.opening": "Cosa apre",
    "guide.link.fit": "Il divieto di scarto",
    "guide.link.discard": "Lo scarto",
    "guide.link.goingOut": "La chiusura",
    "guide.link.scoring": "Il conteggio",

    "lobby.create": "Nuovo tavolo",
    "lobby.seats": "Posti",
    "lobby.seat": "Posto {n}",
    "lobby.seatCount": "Giocatori",
    "lobby.human": "Giocatore umano",
    "lobby.bot.beginner": "Bot: Principiante",
    "lobby.bot.easy": "Bot: Facile",
    "lobby.bot.club": "Bot: Giocatore di circolo",
    "lobby.bot.expert": "Bot: Esperto",
    "lobby.bot.program": "Bot: {name} (programma)",
    "lobby.preset": "Regole",
    "lobby.preset.fisca": "Regolamento FISCA da torneo",
    "lobby.preset.house": "Regole di casa (il tavolo di famiglia)",
    "lobby.moreRules": "Tutte le regole, una per una",
    "lobby.turnSeconds": "Tempo per turno",
    "lobby.noTimer": "senza limite",
    "lobby.nickname": "Il tuo nome",
    "lobby.createBtn": "Crea il tavolo",
    "lobby.created": "Tavolo pronto. Manda questo link agli amici:",
    "lobby.copy": "Copia il link",
    "lobby.copied": "Copiato",
    "lobby.botPace": "Ritmo dei bot",
    "lobby.pace.slow": "lento",
    "lobby.pace.normal": "normale",
    "lobby.pace.fast": "veloce",
    "lobby.waitingFor.one": "Manca ancora 1 giocatore. Tieni aperta questa pagina: ti tiene il posto e ti porta al tavolo quando la partita comincia.",
    "lobby.waitingFor.other": "Mancano ancora {n} giocatori. Tieni aperta questa pagina: ti tiene il posto e ti porta al tavolo quando la partita comincia.",
    "lobby.goTable": "Vai al tavolo",
    "lobby.open": "Tavoli aperti",
    "lobby.none": "Nessun tavolo aperto: creane uno.",
    "lobby.join": "Siediti",
    "lobby.watchMine": "Torna al tuo posto",
    "lobby.free": "libero",
    "lobby.older": "Tavoli meno recenti",
    "lobby.newest": "Tavoli più recenti",
    "lobby.page": "tavoli {from}–{to} di {total}",
    "lobby.status.waiting": "in attesa di giocatori",
    "lobby.status.playing": "in gioco",
    "lobby.status.over": "finito",
    "lobby.needHuman": "Almeno un posto deve essere un giocatore umano (tu).",
    "lobby.default": "predefinito",
    "lobby.yes": "sì",
    "lobby.no": "no",
    "lobby.none_value": "nessuno",
    "lobby.any": "qualsiasi",
    "lobby.error": "Non è stato possibile: {message}",

    "table.hand": "Mano {n}",
    "fair.mark": "Mescolamento verificabile",
    "fair.markTitle": "La mano {n} è distribuita da un segreto impegnato prima della distribuzione ({commitment}…), mescolato con il caso fornito dai giocatori; il segreto si mostra a fine mano.",
    "fair.verified": "✓ Mescolamento verificato",
    "fair.verifiedTitle": "Ogni mazzo delle {n} mani è quello che danno il suo segreto, impegnato prima della distribuzione, e il caso fornito dai giocatori.",
    "fair.failed": "✗ Mescolamento non verificato: {why}",
    "fair.differs": "✗ L'impegno della registrazione è diverso da quello mostrato al tavolo per la mano {hands}",
    "fair.problem.not_revealed": "il segreto della mano {n} non è mai stato rivelato",
    "fair.problem.commitment": "il segreto della mano {n} non è quello impegnato prima della distribuzione",
    "fair.problem.deck": "il mazzo della mano {n} non è quello che danno il suo segreto e il caso dei giocatori",
    "fair.problem.reshuffle_seed": "il seme di rimescolamento della mano {n} non è quello che dà il suo segreto",
    "fair.problem.malformed": "la registrazione è danneggiata",
    "fair.problem.not_verifiable": "la mano {n} non ha un impegno",
    "fair.problem.replay": "le mosse non si possono rigiocare",
    "table.yourHand": "Le tue carte",
    "table.sortSuit": "Per seme",
    "table.sortRank": "Per valore",
    "table.sortGroup": "Combinazioni",
    "table.sortGroupTitle": "Raggruppa le mie combinazioni: prima le carte che formano scale e tris",
    "table.sound": "Suoni",
    "table.soundTitle": "Suoni sì o no",
    "keys.title": "Scorciatoie da tastiera",
    "keys.close": "Chiudi",
    "keys.space": "Spazio",
    "keys.draw": "Pesca dal tallone",
    "keys.pozzo": "Prendi la carta del pozzo",
    "keys.discard": "Scarta la carta scelta",
    "keys.hint": "Chiedi un suggerimento",
    "keys.group": "Raggruppa le mie combinazioni",
    "keys.move": "Muoviti tra le tue carte",
    "keys.select": "Scegli o lascia la carta sotto il cursore",
    "keys.clear": "Annulla la selezione",
    "keys.help": "Mostra o nascondi questo elenco",
    "table.stock": "Tallone",
    "table.pozzo": "Pozzo",
    "table.melds": "Combinazioni in tavola",
    "table.noMelds": "Ancora nessuna combinazione",
    "table.draw": "Pesca",
    "table.takePozzo": "Prendi dal pozzo",
    "table.addMeld": "Aggiungi combinazione",
    "table.open": "Apri",
    "table.meld": "Cala",
    "table.layoff": "Attacca",
    "table.swap": "Cambia il jolly",
    "table.discard": "Scarta",
    "table.takeback": "Riprendi",
    "table.hint": "Suggerimento",
    "table.playHint": "Gioca così",
    "table.clear": "Deseleziona",
    "table.yourTurn": "Tocca a te",
    "table.yourTurnDraw": "Tocca a te: pesca dal tallone o prendi dal pozzo",
    "table.yourTurnPlay": "Tocca a te: cala, attacca, poi scarta",
    "table.turnOf": "Sta giocando {name}",
    "table.usePozzo": "usa il {card} preso dal pozzo in questo turno",
    "table.yourTurnDrawStock": "Tocca a te: pesca dal tallone",
    "table.yourTurnPlayMeld": "Tocca a te: cala, poi scarta",
    "table.yourTurnPlayLayoff": "Tocca a te: attacca, poi scarta",
    "table.yourTurnOpen": "Tocca a te: apri con {need} punti di combinazioni, oppure scarta",
    "table.yourTurnDiscard": "Tocca a te: scarta una carta",
    "table.whyNoLayoff": "Quella carta non si attacca a nessuna combinazione in tavola (quelle che si attaccano hanno un pallino).",
    "table.whyNoSwap": "Nessun jolly in tavola sta al posto di quella carta.",
    "why.pozzo_unusable": "Puoi prendere la carta {card} solo se la usi in questo turno.",
    "why.pozzo_needs_opening": "Non hai ancora aperto: puoi prendere la carta {card} solo per aprire in questo turno.",
    "why.discard_fits": "La carta {card} si attacca a una combinazione in tavola, quindi non puoi scartarla.",
    "why.pozzo_unused": "Hai preso la carta {taken} dal pozzo: prima di scartare calala o attaccala.",
    "why.pozzo_discard": "Non puoi scartare la carta {card} che hai preso dal pozzo in questo turno.",
    "why.not_in_hand": "Non hai in mano la carta {card}.",
    "why.joker_unused": "Prima di scartare la carta {card} cala di nuovo il jolly che hai recuperato.",
    "why.must_open": "Hai preso dal pozzo senza aver aperto: apri in questo turno prima di scartare la carta {card}.",
    "why.chiusura_pending": "Hai calato tutto per la chiusura in mano: la carta {card} può andare solo come ultima carta (o riprendi).",
    "why.first_round": "Nessuno può chiudere prima che ogni giocatore abbia fatto un giro completo: per ora tieni la carta {card}.",
    "why.joker_discard": "Non hai ancora aperto: non puoi scartare la carta {card}.",
    "why.swapped_joker_discard": "La carta {card} presa con uno scambio in questo turno non può essere lo scarto del turno.",
    "why.does_not_fit": "La carta {card} non si può attaccare a quella combinazione.",
    "why.no_room": "La carta {card} non può andare da quella parte della scala.",
    "why.no_joker_to_swap": "In quella combinazione nessun jolly sta al posto della carta {card}.",
    "why.swap_needs_natural": "Il jolly si cambia con una carta naturale, non con la carta {card}.",
    "table.waiting": "Si aspettano gli altri giocatori. Condividi questo link:",
    "table.opening": "Apertura: {points} / {need} punti",
    "table.openingOk": "basta per aprire",
    "table.openingShort": "ne mancano {missing}",
    "table.meldPoints": "{points} punti",
    "table.staged": "Combinazioni da calare",
    "table.remove": "Rimetti in mano",
    "table.opened": "ha aperto",
    "table.notOpened": "non ha aperto",
    "table.cards": "{n} carte",
    "table.known": "in mano:",
    "table.total": "totale {n}",
    "table.out": "eliminato",
    "table.bot": "bot",
    "table.away": "assente (gioca un bot)",
    "table.offline": "non collegato",
    "table.you": "tu",
    "table.dealer": "mazziere",
    "table.connecting": "Connessione…",
    "table.reconnecting": "Connessione persa, riprovo tra {s} s…",
    "table.connected": "Connesso",
    "table.badToken": "Questo browser non ha un posto a questo tavolo: siediti a un posto libero qui.",
    "table.replaced": "Questo posto ora gioca da un'altra finestra o da un altro dispositivo.",
    "table.gone": "Questo tavolo non è più in gioco.",
    "table.joinTitle": "Siediti a questo tavolo",
    "table.joinBtn": "Siediti",
    "table.full": "Tutti i posti di questo tavolo sono occupati.",
    "table.selectCards": "Prima seleziona delle carte in mano.",
    "table.selectOne": "Seleziona una sola carta.",
    "table.notMeld": "Queste carte non sono una combinazione: {why}",
    "table.chooseEnd": "Da quale parte della scala?",
    "table.low": "In basso",
    "table.high": "In alto",
    "table.chooseSuit": "Che seme vale il jolly?",
    "table.jokerAs": "jolly = {card}",
    "table.cancel": "Annulla",
    "table.clickMeld": "Ora tocca una combinazione in tavola.",
    "table.hintNone": "Nessun suggerimento.",
    "table.deadline": "{s} s rimasti",
    "table.log": "Cos'è successo",
    "table.scores": "Segnapunti",
    "table.elimination": "eliminazione a {n}",
    "table.handCol": "Mano",
    "table.totalRow": "Totale",
    "table.recordLink": "Scarica la registrazione della partita",
    "table.replayLink": "Rivedi la partita",
    "table.lobbyLink": "Torna alla sala",

    "table.matchOver": "La partita è finita",
    "hint.draw": "Pesca dal tallone",
    "hint.pozzo": "Prendi la carta del pozzo",
    "hint.open": "Apri con {cards}",
    "hint.meld": "Cala {cards}",
    "hint.layoff": "Attacca {card} alla combinazione {target}",
    "hint.swap": "Cambia {card} con il jolly della combinazione {target}",
    "hint.discard": "Scarta {card}",
    "hint.takeback": "Riprendi quello che hai calato",

    "ev.draw": "{name} ha pescato dal tallone",
    "ev.pozzo": "{name} ha preso {card} dal pozzo",
    "ev.discard": "{name} ha scartato {card}",
    "ev.open": "{name} ha aperto: {cards}",
    "ev.meld": "{name} ha calato {cards}",
    "ev.layoff": "{name} ha attaccato {card}",
    "ev.swap": "{name} ha cambiato {card} con un jolly",
    "ev.takeback": "{name} ha ripreso le sue combinazioni",
    "ev.bot_takes_over": "{name} è uscito: gioca un bot al suo posto",
    "ev.human_back": "{name} è tornato",
    "ev.timeout": "{name} ha finito il tempo: un bot completa il turno",
    "ev.join": "{name} si è seduto al tavolo",

    "sum.title": "Fine della mano {n}",
    "sum.went_out": "{name} ha chiuso",
    "sum.chiusura": "{name} ha chiuso in mano!",
    "sum.stock_out": "Il tallone è finito",
    "sum.reshuffle_limit": "Il tallone è finito ancora dopo l'ultimo rimescolamento concesso: tutti contano",
    "sum.player": "Giocatore",
    "sum.cards": "Carte rimaste",
    "sum.penalty": "Punti",
    "sum.total": "Totale",
    "sum.eliminated": "Eliminati: {names}",
    "sum.reentered": "Rientrati: {names}",
    "sum.matchOver": "Partita finita: vince {name}!",
    "sum.next": "Prossima mano",
    "sum.close": "Chiudi",

    "hist.title": "Partite finite",
    "hist.none": "Ancora nessuna partita finita.",
    "hist.players": "Giocatori",
    "hist.winner": "Vincitore",
    "hist.finished": "Finita",
    "hist.replay": "Rivedi",
    "hist.record": "Registrazione",

    "rep.title": "Rivedi la partita",
    "rep.first": "Inizio",
    "rep.prev": "Indietro",
    "rep.next": "Avanti",
    "rep.last": "Fine",
    "rep.play": "Avvia",
    "rep.pause": "Pausa",
    "rep.step": "Passo {i} di {n}",
    "rep.deal": "Distribuita la mano {n}",
    "rep.download": "Scarica la registrazione (JSON)",
    "rep.missing": "Questa partita non si può rivedere: {message}",
    "rep.slider": "Passo",

    "refuse.draw_first": "Prima pesca una carta (dal tallone o dal pozzo).",
    "refuse.already_drew": "Hai già pescato in questo turno.",
    "refuse.not_in_hand": "Non hai in mano quella carta.",
    "refuse.bad_card": "Questa non è una carta.",
    "refuse.no_such_meld": "Sul tavolo non c'è quella combinazione.",
    "refuse.bad_action": "La mossa non si riesce a leggere.",
    "refuse.unknown_action": "Questa non è una mossa di Scala 40.",
    "refuse.hand_over": "La mano è finita.",
    "refuse.match_over": "La partita è finita.",
    "refuse.invalid_meld": "Queste carte non formano una combinazione valida (una scala o un tris).",
    "refuse.declare_joker": "Scegli quale seme sostituisce il jolly nel tris.",
    "refuse.choose_end": "Scegli da quale parte della scala va la carta (sotto o sopra).",
    "refuse.does_not_fit": "Quella carta non si può attaccare a quella combinazione.",
    "refuse.no_room": "Il jolly non può andare da quella parte della scala.",
    "refuse.swap_needs_natural": "Il jolly si cambia con una carta naturale, non con un altro jolly.",
    "refuse.no_joker_to_swap": "In quella combinazione nessun jolly sta al posto di questa carta.",
    "refuse.already_opened": "Hai già aperto: cala le combinazioni una alla volta.",
    "refuse.empty_opening": "Per aprire serve almeno una combinazione.",
    "refuse.below_opening": "Queste combinazioni non fanno abbastanza punti per aprire.",
    "refuse.joker_in_opening": "Con queste regole non puoi usare così il jolly nel turno in cui apri.",
    "refuse.not_opened": "Non hai ancora aperto: prima cala combinazioni che raggiungano i punti d'apertura.",
    "refuse.not_opened_pozzo": "Non hai ancora aperto: puoi prendere dal pozzo solo dopo aver aperto.",
    "refuse.pozzo_needs_opening": "Non hai ancora aperto: puoi prendere la carta del pozzo solo per aprire con essa in questo turno.",
    "refuse.pozzo_unusable": "Puoi prendere la carta del pozzo solo se la usi in questo turno.",
    "refuse.pozzo_in_opening": "La carta presa dal pozzo deve far parte della tua apertura.",
    "refuse.pozzo_stranded": "Così la carta presa dal pozzo resta senza combinazione né attacco in questo turno.",
    "refuse.pozzo_unused": "Prima di scartare usa la carta presa dal pozzo (calala o attaccala).",
    "refuse.pozzo_discard": "Non puoi scartare la carta che hai preso dal pozzo in questo turno.",
    "refuse.must_open": "Hai preso dal pozzo senza aver aperto: devi aprire in questo turno.",
    "refuse.joker_unused": "Prima di finire il turno devi calare di nuovo il jolly che hai recuperato.",
    "refuse.joker_discard": "Non hai ancora aperto: non puoi scartare un jolly.",
    "refuse.swapped_joker_discard": "Il jolly preso con uno scambio in questo turno non può essere lo scarto del turno.",
    "refuse.discard_fits": "Quella carta si attacca a una combinazione sul tavolo, quindi non si può scartare.",
    "refuse.chiusura_pending": "Hai calato tutto per la chiusura in mano: scarta l'ultima carta per chiudere (o riprendi).",
    "refuse.first_round": "Nessuno può chiudere prima che ogni giocatore abbia fatto un giro completo.",
    "refuse.incartato": "Saresti incartato: devi tenere una carta da scartare, calare tutto non è chiudere.",
    "refuse.nothing_to_take_back": "In questo turno non hai calato niente da riprendere.",
    "refuse.bad_json": "Il messaggio inviato al server non è JSON.",
    "refuse.bad_message": "Il messaggio inviato al server non è valido.",
    "refuse.too_big": "Il messaggio inviato al server è troppo lungo.",
    "refuse.rate_limited": "Troppi messaggi insieme: rallenta.",
    "refuse.not_started": "La partita comincia quando tutti i posti sono occupati.",
    "refuse.not_your_turn": "Non è il tuo turno.",
    "refuse.stale_version": "Il tavolo è cambiato nel frattempo: guarda di nuovo.",
    "refuse.entropy_refused": "Il tuo contributo al mescolamento non è stato aggiunto: quella mano è già distribuita, o l'hai già dato.",
    "refuse.server_error": "Il server non è riuscito a salvare la mossa: riprova.",
    "refuse.table_full": "Tutti i posti di questo tavolo sono occupati.",
    "refuse.seat_taken": "Quel posto è già occupato.",
    "refuse.pozzo_empty": "Il pozzo è vuoto: pesca dal tallone.",
    "refuse.illegal_action": "Quella mossa ora non è consentita.",
    "refuse.table_closed": "Questo tavolo è chiuso: nessuno ci ha giocato per troppo tempo.",
    "refuse.no_such_seat": "Questo tavolo non ha quel posto.",
    "refuse.name_taken": "A questo tavolo c'è già qualcuno con questo nome: scegline un altro.",

    "err.generic": "Qualcosa è andato storto: {message}",
    "err.noTableId": "Nell'indirizzo manca il tavolo.",

    "table.cards.one": "1 carta",
    "table.cards.other": "{n} carte",
    "table.meldPoints.one": "1 punto",
    "table.meldPoints.other": "{n} punti",
    "table.opening.one": "Apertura: {points} / {need} punto",
    "table.opening.other": "Apertura: {points} / {need} punti",
    "table.deadline.one": "manca 1 s",
    "table.deadline.other": "mancano {n} s",
    "table.standInSoon.one": "manca 1 s: poi un bot fa questo turno al posto tuo",
    "table.standInSoon.other": "mancano {n} s: poi un bot fa questo turno al posto tuo",
    "away.title.one": "Mentre eri via, un bot ha fatto 1 mossa al posto tuo:",
    "away.title.other": "Mentre eri via, un bot ha fatto {n} mosse al posto tuo:",
    "away.close": "Ho capito",
    "table.openingShort.one": "ne manca 1",
    "table.openingShort.other": "ne mancano {n}",

    "card.joker": "Jolly",
    "card.jokerAs": "Jolly = {card}",

    "bot.name": "Bot {n} ({level})",
    "bot.level.beginner": "Principiante",
    "bot.level.easy": "Facile",
    "bot.level.club": "Giocatore di circolo",
    "bot.level.expert": "Esperto",
    "bot.level.search": "Ricerca (studio)",

    "meldWhy.too_few": "una combinazione vuole almeno 3 carte",
    "meldWhy.only_jokers": "una combinazione di soli jolly non è mai valida",
    "meldWhy.too_many_jokers.one": "al massimo 1 jolly per combinazione",
    "meldWhy.too_many_jokers.other": "al massimo {n} jolly per combinazione",
    "meldWhy.neither": "non è né una scala (stesso seme, in sequenza) né un tris (stesso valore)",
    "meldWhy.set_suits": "un tris vuole carte di semi diversi",
    "meldWhy.set_size": "un tris ha al massimo 4 carte",
    "meldWhy.run_gap": "una scala vuole carte in sequenza dello stesso seme",

    "rules.opening.one": "si apre con 1 punto",
    "rules.opening.other": "si apre con {n} punti",
    "rules.singleHand": "una sola mano",
    "rules.target": "vince il totale più basso quando qualcuno arriva a {n}",
    "rules.fixedHands.one": "1 mano",
    "rules.fixedHands.other": "{n} mani",
    "rules.elimination": "eliminazione a {n}",

    "api.bad_nickname": "Scegli un nome (al massimo 24 lettere).",
    "api.bad_seats": "I posti non vanno bene: da uno a sei giocatori, almeno uno umano.",
    "api.bad_players": "Quel numero di giocatori non è consentito.",
    "api.bad_rules": "Queste regole non vanno d'accordo tra loro.",
    "api.bad_seat": "Quel posto non esiste.",
    "api.bad_json": "La richiesta inviata al server non è JSON valido.",
    "api.too_big": "La richiesta inviata al server è troppo lunga.",
    "api.no_such_table": "Questo tavolo non esiste (forse è stato chiuso).",
    "api.bad_page": "Quella pagina di tavoli non esiste.",
    "api.network": "Il server non risponde: controlla la connessione e riprova.",
    "api.match_in_play": "La registrazione si vede quando la partita è finita.",
    "api.server_full": "Il server ha già tutti i tavoli che può tenere: siediti a un tavolo aperto o riprova più tardi.",
    "api.too_many_tables": "Troppi tavoli nuovi da questo indirizzo: aspetta un minuto e riprova.",
    "api.too_many_identities": "Troppi nuovi giocatori e leghe da questo indirizzo: aspetta un minuto e riprova.",
    "api.too_many_connections": "Troppe connessioni da questo indirizzo: chiudi qualche scheda e riprova.",
    "api.bad_origin": "Le richieste da altri siti sono rifiutate.",
    "api.bad_content_type": "La richiesta non è stata inviata come JSON.",
    "api.bad_timer": "Il tempo per turno è senza limite oppure da 1 a 3600 secondi.",
    "api.bad_pace": "Il ritmo dei bot è lento, normale o veloce.",
    "api.bad_token": "La chiave del posto di questo browser non è valida: ricarica la pagina e riprova.",
    "api.no_rematch": "Questa partita non ha avuto una rivincita.",
    "api.bad_claim": "La chiave di questo browser non apre alcun posto della rivincita, oppure è già stata usata.",
    "api.nickname_taken": "Quel nome è già preso: scegline un altro.",
    "api.bad_key": "Questa chiave del giocatore non è valida: accedi di nuovo con il tuo link di accesso.",
    "api.no_such_player": "Non c'è nessun giocatore con quel nome.",

    "nav.players": "Classifica",
    "page.players": "Scala 40 — classifica",
    "page.profile": "Scala 40 — {name}",
    "page.me": "Scala 40 — accesso",
    "lobby.ratedAs": "(in classifica come {name})",
    "bot.rated": "Bot ({level})",
    "you.title": "Il tuo punteggio",
    "you.intro": "Per avere un punteggio scegli un nome. Niente e-mail né password: questo browser conserva per te una chiave segreta.",
    "you.nickname": "Nome",
    "you.create": "Tieni il mio punteggio",
    "you.are": "Sei {name}",
    "you.page": "la tua pagina",
    "you.link": "Link di accesso per gli altri tuoi dispositivi",
    "you.linkWarn": "Chi ha questo link gioca al posto tuo e cambia il tuo punteggio: non darlo a nessuno.",
    "you.keep": "Conserva questo link in un posto sicuro: è l'unico modo di giocare come {name} su un altro dispositivo, o qui se il browser dimentica i suoi dati.",
    "you.copy": "Copia il link",
    "you.copied": "Copiato",
    "you.signOut": "Esci da questo dispositivo",
    "you.signOutConfirm": "Uscire da questo dispositivo? Senza il link di accesso il punteggio non si può recuperare.",
    "board.title": "Classifica",
    "board.intro": "Il punteggio è la stima OpenSkill della bravura di chi gioca meno tre volte la sua incertezza: cresce con i buoni risultati e man mano che la stima diventa sicura. Anche i bot sono in classifica.",
    "board.place": "Pos.",
    "board.name": "Giocatore",
    "board.rating": "Punteggio",
    "board.matches": "Partite",
    "board.wins": "Vittorie",
    "board.none": "Ancora nessuna partita con punteggio: la classifica si riempie man mano che le partite finiscono.",
    "prof.rating": "Punteggio",
    "prof.matches": "Partite",
    "prof.wins": "Vittorie",
    "prof.hands": "Mani giocate",
    "prof.penalty": "Penalità media per mano",
    "prof.opening": "Turno medio di apertura",
    "prof.chart": "Punteggio dopo ogni partita",
    "prof.axisX": "Partita",
    "prof.axisY": "Punteggio",
    "prof.history": "Partite con punteggio",
    "prof.when": "Finita",
    "prof.place": "Posizione",
    "prof.placeOf": "{place} su {players}",
    "prof.after": "Punteggio dopo",
    "prof.replay": "Rivedi",
    "prof.none": "Ancora nessuna partita con punteggio.",
    "prof.back": "Tutta la classifica",
    "prof.you": "(tu)",
    "ordinal.one": "{n}º",
    "ordinal.two": "{n}º",
    "ordinal.few": "{n}º",
    "ordinal.other": "{n}º",
    "me.title": "Accesso",
    "me.signing": "Accesso in corso…",
    "me.signedIn": "Accesso fatto: sei {name}.",
    "me.lobby": "Vai alla sala",
    "me.page": "La tua pagina in classifica",
    "me.bad": "Questo link di accesso non è valido: controlla di averlo copiato intero.",
    "me.noKey": "Questo indirizzo non contiene una chiave di accesso: apri il link esattamente come è stato copiato.",

    "page.league": "Scala 40 — lega",
    "page.leagueOf": "Scala 40 — {name}",
    "league.back": "Classifica e le tue leghe",
    "league.since": "Lega fondata il {date}",
    "league.standings": "Classifica della lega",
    "league.place": "Pos.",
    "league.name": "Giocatore",
    "league.matches": "Partite",
    "league.wins": "Vittorie",
    "league.points": "Punti",
    "league.penalty": "Penalità media",
    "league.pointsNote": "In ogni partita della lega si guadagna un punto per ogni posto arrivato dietro; a pari punti conta chi ha più vittorie, poi la penalità media per mano più bassa.",
    "league.matchesTitle": "Partite della lega",
    "league.noMatches": "Ancora nessuna partita della lega: aprila dalla sala e conterà qui.",
    "league.result": "{place}. {name}",
    "league.invite": "Invita gli amici",
    "league.inviteNote": "Chi apre questo link può entrare nella lega con il suo punteggio: mandalo solo ai tuoi amici.",
    "league.copy": "Copia il link",
    "league.copied": "Copiato",
    "league.joinIntro": "Hai un invito per la lega {name}.",
    "league.joinBtn": "Entra nella lega",
    "league.needIdentity": "Hai un invito per la lega {name}. Una lega conta i giocatori con un punteggio: prima scegli un nome e tieni il tuo punteggio, poi riapri questa pagina (questo browser conserva l'invito).",
    "league.needIdentityLink": "Tieni il mio punteggio",
    "league.play": "Gioca una partita della lega",
    "lobby.league": "Conta per la lega",
    "lobby.noLeague": "nessuna lega",
    "lobby.leagueLine": "Lega: {name}",
    "you.leagues": "Le tue leghe",
    "you.noLeagues": "Ancora nessuna lega: fondane una e invita i tuoi amici.",
    "you.startLeague": "Fonda una lega",
    "you.leagueName": "ad es. Scala del giovedì",
    "you.startBtn": "Fonda",
    "api.bad_league_name": "Il nome di una lega ha da 1 a 40 caratteri.",
    "api.bad_invite": "Questo invito non è valido: chiedi di nuovo il link.",
    "api.no_such_league": "Questa lega non esiste.",
    "api.bad_league": "Quella lega non va bene: scegli una delle tue oppure nessuna.",
    "api.not_in_league": "Solo chi fa parte della lega può aprire un tavolo che conta per la lega.",
    "api.league_only": "Questo tavolo conta per una lega: si siede solo chi ne fa parte. Entra nella lega con il suo link d'invito e tieni il tuo punteggio in questo browser.",

    "rematch.button": "Rivincita",
    "rematch.askedBy": "Rivincita chiesta da: {names}",
    "rematch.waitingFor": "In attesa di: {names}",
    "rematch.kept": "Non c'è: {names} (alla rivincita un bot gioca il posto finché non torna)",
    "rematch.going": "La rivincita è pronta: si va al nuovo tavolo…",
    "watch.line": "Stai guardando",
    "watch.banner": "Stai guardando questo tavolo: vedi quello che vede ogni giocatore, nessuna carta in mano.",
    "watch.sit": "Siediti al posto libero",
    "watch.copy": "Copia il link per chi guarda",
    "watch.copied": "Link copiato: chi lo apre guarda senza vedere le carte di nessuno.",
    "watch.crowded": "Questo tavolo ha già tutti gli spettatori che accetta: riprova più tardi.",
    "watch.instead": "Oppure guarda questo tavolo senza giocare",
    "watch.rematch": "Guarda la rivincita",
    "lobby.watch": "Guarda",
    "rematch.link": "Vai alla rivincita",
    "rematch.you": "te",
    "chat.title": "Chat",
    "chat.placeholder": "Scrivi qualcosa (al massimo 120 caratteri)",
    "chat.send": "Invia",
    "chat.mute": "Silenzia {name}",
    "chat.unmute": "Riattiva {name}",
    "chat.phrase.hello": "Ciao a tutti!",
    "chat.phrase.gg": "Bella partita!",
    "chat.phrase.nice": "Bella mossa!",
    "chat.phrase.oops": "Ops!",
    "chat.phrase.thanks": "Grazie!",
    "chat.phrase.hurry": "Un po' più veloce, per favore!",
    "chat.emote.thumbs": "Pollice in su",
    "chat.emote.smile": "Sorriso",
    "chat.emote.wow": "Sorpresa",
    "chat.emote.sad": "Tristezza",
    "refuse.chat_unknown_phrase": "Questa frase rapida non esiste.",
    "refuse.chat_empty": "Scrivi qualcosa, prima.",
    "refuse.chat_too_long": "Un messaggio è lungo al massimo 120 caratteri.",
    "refuse.chat_control": "Un messaggio non può contenere a capo o caratteri di controllo.",
    "refuse.chat_limited": "Troppi messaggi: al massimo 3 di fila, poi 1 al secondo.",
    "refuse.watching": "Stai guardando: solo chi gioca fa mosse, scrive in chat o chiede la rivincita.",
    "refuse.invalid_meld.too_few": "Una combinazione vuole almeno 3 carte: {cards}.",
    "refuse.invalid_meld.only_jokers": "Una combinazione di soli jolly non è mai valida.",
    "refuse.invalid_meld.too_many_jokers": "Troppi jolly in una combinazione (queste regole ne ammettono {allowed}): {cards}.",
    "refuse.invalid_meld.few_naturals": "Una combinazione con il jolly vuole almeno {need} carte naturali: {cards}.",
    "refuse.invalid_meld.run_too_long": "Una scala può avere al massimo {allowed} carte: {cards}.",
    "refuse.invalid_meld.two_aces": "Una scala non può avere entrambi gli assi come carte naturali: {cards}.",
    "refuse.invalid_meld.set_too_big": "Un tris o poker ha al massimo 4 carte, una per seme: {cards}.",
    "refuse.invalid_meld.set_suits": "Un tris o poker vuole carte di semi diversi: {cards}.",
    "refuse.invalid_meld.run_gap": "Una scala vuole carte consecutive dello stesso seme: {cards}.",
    "refuse.invalid_meld.neither": "{cards} non è né una scala (stesso seme, consecutive) né un tris o poker (stesso valore, semi diversi).",
    "refuse.invalid_meld.joker_in_set": "Nel tris {cards} il jolly non può essere {card}: prende il posto di un seme mancante dello stesso valore.",
    "refuse.invalid_meld.run_wrap": "Una scala vuole carte consecutive dello stesso seme, senza girare (K-A-2 non è una scala): {cards}.",
    "refuse.invalid_meld.joker_in_run": "Il posto del jolly in {cards} decide cosa rappresenta: non può essere {card}.",
    "refuse.below_opening.facts": "Per aprire servono {need} punti: queste combinazioni ne fanno {points}.",
    "refuse.joker_in_opening.plain_first": "Il jolly entra nell'apertura solo quando le combinazioni senza jolly arrivano a {need}: ne fanno {points}.",
    "refuse.joker_in_opening.strict": "Con queste regole non puoi mettere un jolly nel turno in cui apri.",
    "refuse.not_in_hand.facts": "Non hai in mano {card}.",
    "refuse.not_in_hand.copies": "Non hai in mano {copies} × {card}.",
    "refuse.not_your_turn.facts": "Tocca a {name}.",
    "refuse.rematch_refused": "La rivincita non si può fare adesso: riprova.",
  },
};

// Plain words for the values of the rule keys that take a choice (the labels of the keys
// themselves come from GET /api/rules).
/** @type {{[lang: string]: {[value: string]: string}}} */
const CHOICE_WORDS = {
  en: {
    standard: "standard (J Q K 10, ace 11)",
    high: "high (J 11, Q 12, K 13, ace 14)",
    fisca: "FISCA",
    unopened_only: "only before opening",
    always: "always",
    never: "never",
    no: "no",
    opening: "to open with it",
    any_use: "if used this turn",
    keep: "and keep it",
    strict: "strict",
    reshuffle: "reshuffle the pozzo",
    end_hand: "end the hand",
    count: "count the cards",
    flat100: "flat 100",
    double: "double",
    sum: "sum",
    worst: "worst",
  },
  it: {
    standard: "normali (J Q K 10, asso 11)",
    high: "alti (J 11, Q 12, K 13, asso 14)",
    fisca: "FISCA",
    unopened_only: "solo prima di aprire",
    always: "sempre",
    never: "mai",
    no: "no",
    opening: "per aprire con essa",
    any_use: "se usata nel turno",
    keep: "e tenerla",
    strict: "rigido",
    reshuffle: "si rimescola il pozzo",
    end_hand: "la mano finisce",
    count: "si contano le carte",
    flat100: "100 fissi",
    double: "doppio",
    sum: "somma",
    worst: "il peggiore",
  },
};

const KEY = "scala40:lang";

export const LANGUAGES = Object.keys(STRINGS);

/** A copy of one language's strings (the tests check both languages say everything).
 * @param {string} lang
 * @returns {{[key: string]: string}} */
export function dictionary(lang) {
  return { ...STRINGS[lang] };
}

/** The page's language: the one chosen here last, else the browser's (Italian or English).
 * @returns {Lang} */
export function getLang() {
  const saved = localStorage.getItem(KEY);
  if (saved === "en" || saved === "it") return saved;
  return (navigator.language || "en").toLowerCase().startsWith("it") ? "it" : "en";
}

/** @param {Lang} lang */
export function setLang(lang) {
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
}

/** Whether the current language (or English) has a string for key.
 * @param {string} key
 * @returns {boolean} */
export function hasString(key) {
  return STRINGS[getLang()][key] !== undefined || STRINGS.en[key] !== undefined;
}

/** The string for key in the current language, with {name} placeholders filled in.
 * @param {string} key
 * @param {{[name: string]: unknown}} [params]
 * @returns {string} */
export function t(key, params = {}) {
  const lang = getLang();
  let text = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  for (const [name, value] of Object.entries(params)) {
    text = text.split("{" + name + "}").join(String(value));
  }
  return text;
}

/**
 * A counted string: key + ".one" when n is 1, key + ".other" otherwise (both languages
 * say "1 carta" / "2 carte" this way), with {n} and the other placeholders filled in.
 * @param {string} key
 * @param {number | string} n
 * @param {{[name: string]: unknown}} [params]
 * @returns {string}
 */
export function tn(key, n, params = {}) {
  return t(`${key}.${Number(n) === 1 ? "one" : "other"}`, { n, ...params });
}

/** The bot levels the lobby offers, weakest first (the server also takes "search"). */
export const BOT_LEVELS = ["beginner", "easy", "club", "expert"];

/** Old level names, still found in stored tables and records: old name -> level.
 * @type {{[old: string]: string}} */
export const BOT_ALIASES = { random: "beginner", greedy: "easy", heuristic: "club", strong: "expert" };

/** A bot level in the page's words ("Club player"); an old name ("heuristic") as its level
 * by `aliases`, a registered program's name as it is.
 * @param {string} level
 * @param {{[old: string]: string}} [aliases]
 * @returns {string} */
export function botLevelWords(level, aliases = BOT_ALIASES) {
  const name = Object.hasOwn(aliases, level) ? aliases[level] : level;
  const key = `bot.level.${name}`;
  const words = t(key);
  return words === key ? level : words;
}

/** The words for a seat's name: a bot's name in the page's language, a person's as typed.
 * @param {{seat?: number, name?: string, kind?: string} | null | undefined} seat
 * @returns {string} */
export function seatName(seat) {
  if (!seat) return "";
  const kind = String(seat.kind || "");
  if (kind.startsWith("bot:")) {
    return t("bot.name", { n: Number(seat.seat) + 1, level: botLevelWords(kind.slice(4)) });
  }
  return seat.name || kind;
}

/**
 * The sentence for an error the HTTP API answered ({code, message} in an ApiError): the
 * page's own words for a known code (a table refusal or a lobby error), the server's
 * English only for a code it does not know.
 * @param {unknown} err an ApiError, fetch's TypeError, or anything thrown
 * @returns {string}
 */
export function apiErrorText(err) {
  const { code: rawCode, message } = /** @type {{code?: unknown, message?: string}} */ (err || {});
  const code = rawCode ? String(rawCode) : "";
  const lang = getLang();
  for (const key of [`refuse.${code}`, `api.${code}`]) {
    if (code && STRINGS[lang][key] !== undefined) return t(key);
  }
  if (err instanceof TypeError) return t("api.network"); // fetch failed: no answer at all
  return message || code;
}

/**
 * The words for a refused move. With its ``facts`` (the engine's specifics, cards and
 * players already worded by the caller) the page's own sentence for that very problem
 * (``refuse.CODE.PROBLEM`` or ``refuse.CODE.facts``), in either language. Without them:
 * in English the engine's reason (the most specific), in another language the sentence
 * for the code — never English beside it. A code without words falls back to the
 * engine's text.
 * @param {string} code
 * @param {string} [message]
 * @param {{problem?: string, [name: string]: unknown} | null} [facts]
 * @returns {string}
 */
export function refusal(code, message = "", facts = null) {
  const lang = getLang();
  if (facts) {
    const key = `refuse.${code}.${facts.problem || "facts"}`;
    if (STRINGS[lang][key] !== undefined) return t(key, facts);
  }
  const own = STRINGS[lang]["refuse." + code];
  if (own === undefined) return message || code;
  if (lang === "en" && message) return message[0].toUpperCase() + message.slice(1);
  return own;
}

/** Plain words for a rule value (true/false, a choice, none, any).
 * @param {unknown} value
 * @returns {string} */
export function ruleValueWords(value) {
  if (value === true) return t("lobby.yes");
  if (value === false) return t("lobby.no");
  if (value === null || value === undefined) return t("lobby.none_value");
  if (value === "any") return t("lobby.any");
  const words = CHOICE_WORDS[getLang()][String(value)];
  return words ?? String(value);
}

/**
 * A table's rules in one line of the page's language, from the server's ``rules_facts``
 * (preset, opening points, how the match ends, the keys changed from the preset) and the
 * catalogue of GET /api/rules (the keys' labels and values in both languages). Null when
 * there are no facts (an older server): the caller shows its English ``rules_summary``.
 * @param {import("./types.js").RulesFacts | null | undefined} facts
 * @param {import("./types.js").RulesCatalogue | null | undefined} catalogue
 * @returns {string | null}
 */
export function rulesSummary(facts, catalogue) {
  if (!facts || typeof facts !== "object") return null;
  const it = getLang() === "it";
  const preset = (catalogue && catalogue.presets && catalogue.presets[facts.preset]) || {};
  const presetKey = `lobby.preset.${facts.preset}`;
  const presetWords = (it ? preset.label_it : preset.label_en) || (t(presetKey) === presetKey ? facts.preset : t(presetKey));
  const parts = [presetWords, tn("rules.opening", facts.opening_points)];
  if (facts.single_hand) parts.push(t("rules.singleHand"));
  else if (facts.target_total !== null && facts.target_total !== undefined) parts.push(t("rules.target", { n: facts.target_total }));
  else if (facts.fixed_hands !== null && facts.fixed_hands !== undefined) parts.push(tn("rules.fixedHands", facts.fixed_hands));
  else parts.push(t("rules.elimination", { n: facts.elimination }));
  const keys = (catalogue && catalogue.keys) || [];
  for (const [name, value] of Object.entries(facts.changes || {})) {
    /** @type {Partial<import("./types.js").RuleKey>} */
    const key = keys.find((k) => k.key === name) || {};
    const label = (it ? key.label_it : key.label_en) || name;
    const choice = /** @type {import("./types.js").RuleChoice | undefined} */ (
      (key.choices || []).find((c) => c && typeof c === "object" && !Array.isArray(c) && c.value === value)
    );
    let words = choice ? (it ? choice.label_it : choice.label_en) : null;
    if (!words && value === null && (key.none_label_en || key.none_label_it)) words = it ? key.none_label_it : key.none_label_en;
    parts.push(`${label}: ${words || ruleValueWords(value)}`);
  }
  return parts.join("; ");
}

/** Fill every data-i18n element under root with its string.
 * @param {ParentNode} [root] */
export function applyI18n(root = document) {
  document.documentElement.lang = getLang();
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(data(el, "i18n"));
  for (const el of root.querySelectorAll("[data-i18n-title]")) /** @type {HTMLElement} */ (el).title = t(data(el, "i18nTitle"));
  for (const el of root.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(data(el, "i18nAria")));
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    /** @type {HTMLInputElement} */ (el).placeholder = t(data(el, "i18nPlaceholder"));
  }
}

/** An element's data-* attribute by its dataset name ("" when it has none).
 * @param {Element} el
 * @param {string} name
 * @returns {string} */
function data(el, name) {
  return /** @type {HTMLElement} */ (el).dataset[name] ?? "";
}

/** Wire a button that flips the language and calls onChange to redraw dynamic parts.
 * @param {HTMLElement} button
 * @param {() => void} [onChange] */
export function languageSwitch(button, onChange) {
  const label = () => {
    button.textContent = t("lang.switch");
  };
  label();
  button.addEventListener("click", () => {
    setLang(getLang() === "it" ? "en" : "it");
    applyI18n();
    label();
    if (onChange) onChange();
  });
}
