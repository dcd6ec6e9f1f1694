// Every string the pages show, in English and Italian, and the language switch.
// Pages mark static text with data-i18n="key" (text) or data-i18n-title / -placeholder.

const STRINGS = {
  en: {
    "app.title": "Scala 40",
    "nav.lobby": "Lobby",
    "nav.history": "Finished matches",
    "nav.score": "Paper score sheet",
    "lang.switch": "Italiano",

    "lobby.create": "New table",
    "lobby.seats": "Seats",
    "lobby.seat": "Seat {n}",
    "lobby.seatCount": "Players",
    "lobby.human": "Human player",
    "lobby.bot.random": "Bot: random",
    "lobby.bot.greedy": "Bot: greedy",
    "lobby.bot.heuristic": "Bot: heuristic",
    "lobby.bot.strong": "Bot: strong",
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
    "table.yourHand": "Your cards",
    "table.sortSuit": "By suit",
    "table.sortRank": "By rank",
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
    "table.you": "you",
    "table.dealer": "dealer",
    "table.connecting": "Connecting…",
    "table.reconnecting": "Connection lost, reconnecting in {s} s…",
    "table.connected": "Connected",
    "table.badToken": "This browser has no seat at this table: {message}",
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
    "refuse.server_error": "The server could not save the move: try again.",
    "refuse.table_full": "Every seat at this table is taken.",
    "refuse.seat_taken": "That seat is taken.",
    "refuse.pozzo_empty": "The pozzo is empty: draw from the stock.",
    "refuse.illegal_action": "That move is not allowed now.",
    "refuse.table_closed": "This table is closed: nobody played at it for too long.",
    "refuse.no_such_seat": "This table has no such seat.",

    "err.generic": "Something went wrong: {message}",
  },
  it: {
    "app.title": "Scala 40",
    "nav.lobby": "Sala",
    "nav.history": "Partite finite",
    "nav.score": "Segnapunti cartaceo",
    "lang.switch": "English",

    "lobby.create": "Nuovo tavolo",
    "lobby.seats": "Posti",
    "lobby.seat": "Posto {n}",
    "lobby.seatCount": "Giocatori",
    "lobby.human": "Giocatore umano",
    "lobby.bot.random": "Bot: casuale",
    "lobby.bot.greedy": "Bot: ingordo",
    "lobby.bot.heuristic": "Bot: euristico",
    "lobby.bot.strong": "Bot: forte",
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
    "table.yourHand": "Le tue carte",
    "table.sortSuit": "Per seme",
    "table.sortRank": "Per valore",
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
    "table.you": "tu",
    "table.dealer": "mazziere",
    "table.connecting": "Connessione…",
    "table.reconnecting": "Connessione persa, riprovo tra {s} s…",
    "table.connected": "Connesso",
    "table.badToken": "Questo browser non ha un posto a questo tavolo: {message}",
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
    "refuse.server_error": "Il server non è riuscito a salvare la mossa: riprova.",
    "refuse.table_full": "Tutti i posti di questo tavolo sono occupati.",
    "refuse.seat_taken": "Quel posto è già occupato.",
    "refuse.pozzo_empty": "Il pozzo è vuoto: pesca dal tallone.",
    "refuse.illegal_action": "Quella mossa ora non è consentita.",
    "refuse.table_closed": "Questo tavolo è chiuso: nessuno ci ha giocato per troppo tempo.",
    "refuse.no_such_seat": "Questo tavolo non ha quel posto.",

    "err.generic": "Qualcosa è andato storto: {message}",
  },
};

// Plain words for the values of the rule keys that take a choice (the labels of the keys
// themselves come from GET /api/rules).
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

/** A copy of one language's strings (the tests check both languages say everything). */
export function dictionary(lang) {
  return { ...STRINGS[lang] };
}

export function getLang() {
  const saved = localStorage.getItem(KEY);
  if (saved === "en" || saved === "it") return saved;
  return (navigator.language || "en").toLowerCase().startsWith("it") ? "it" : "en";
}

export function setLang(lang) {
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
}

/** The string for key in the current language, with {name} placeholders filled in. */
export function t(key, params = {}) {
  const lang = getLang();
  let text = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  for (const [name, value] of Object.entries(params)) {
    text = text.split("{" + name + "}").join(String(value));
  }
  return text;
}

// An engine reason carries specifics worth keeping when it names a card, a number, a
// quoted value or a player ("it is Bea's turn"); a fixed sentence adds nothing to ours.
const SPECIFICS = /[0-9\u2660\u2665\u2666\u2663'"]|\bJK\b/;

/**
 * What to show for a refused move: {text, detail}. In English the engine's own reason is
 * the sentence (it is the most specific); in another language the translated sentence for
 * the code, with the engine's reason as a small detail when it names a card or a number.
 * A code without a translation falls back to the engine's text.
 */
export function refusal(code, message = "") {
  const lang = getLang();
  const own = STRINGS[lang]["refuse." + code];
  if (own === undefined) return { text: message || code, detail: "" };
  if (lang === "en" || !message) {
    return { text: message ? message[0].toUpperCase() + message.slice(1) : own, detail: "" };
  }
  return { text: own, detail: SPECIFICS.test(message) ? message : "" };
}

/** Plain words for a rule value (true/false, a choice, none, any). */
export function ruleValueWords(value) {
  if (value === true) return t("lobby.yes");
  if (value === false) return t("lobby.no");
  if (value === null || value === undefined) return t("lobby.none_value");
  if (value === "any") return t("lobby.any");
  const words = CHOICE_WORDS[getLang()][value];
  return words ?? String(value);
}

/** Fill every data-i18n element under root with its string. */
export function applyI18n(root = document) {
  document.documentElement.lang = getLang();
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  }
}

/** Wire a button that flips the language and calls onChange to redraw dynamic parts. */
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
