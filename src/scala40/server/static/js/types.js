// @ts-check
// The shapes the pages read from the server, as JSDoc types (docs/protocol.md). Nothing
// here runs: a module names a type with `import("./types.js").View` in a JSDoc comment.
// Cards are notation text ("7H", "10H", "JK", "JK=7D"); seats are table seats (numbers);
// objects keyed by seat ("0", "1", ...) are JSON objects, so their keys are strings.

/** @typedef {string} Card */

/** Anything JSON: what `JSON.parse` gives, before it is read as one of the types below.
 * @typedef {null | boolean | number | string | JsonArray | JsonObject} Json */
/** @typedef {Array<Json>} JsonArray */
/** @typedef {{[key: string]: Json}} JsonObject */

/**
 * One seat of a VIEW's `players`.
 * @typedef {object} ViewPlayer
 * @property {number} seat
 * @property {string} name "" for a free human seat
 * @property {string} kind "human" or "bot:LEVEL"
 * @property {boolean} connected
 * @property {number} cards how many cards the seat holds
 * @property {boolean} opened
 * @property {Card[]} known cards of that hand everyone has seen (taken from the pozzo)
 * @property {number} total
 * @property {boolean} eliminated
 * @property {boolean} [taken] false: a free human seat
 * @property {boolean} [guest] a person without a rated identity sits here
 * @property {boolean} [stand_in] a bot plays this human seat now
 * @property {boolean} [in_hand] false: eliminated, sits out this hand
 * @property {boolean} [rated] a rated identity sits here under its nickname
 */

/**
 * A meld on the table.
 * @typedef {object} TableMeld
 * @property {number} id
 * @property {"run" | "set"} kind
 * @property {Card[]} cards
 * @property {number} [points] under the table's face values (the engine's count)
 * @property {string} [suit] a run's suit letter
 * @property {number} [lo] a run's lowest rank (1..14)
 * @property {number} [hi] a run's highest rank (14: the ace above the king)
 * @property {number} [rank] a set's rank (1..13)
 */

/**
 * A meld the engine accepts from the hand of the seat to move (`legal.melds`): its cards
 * in table order, each joker with the identity it takes, and its points.
 * @typedef {object} MeldOption
 * @property {"run" | "set"} kind
 * @property {Card[]} cards
 * @property {number} points
 */

/**
 * The engine's reason for a move the seat may not make now.
 * @typedef {object} Reason
 * @property {string} code a `Refusal` code
 * @property {string} message its English sentence
 * @property {Card} [card] the card it is about
 * @property {Card} [taken] the card taken from the pozzo this turn
 */

/**
 * A layoff or a swap the seat may make: the card and the meld's id (a layoff of an ace or
 * a joker on a run says at which end).
 * @typedef {object} CardOnMeld
 * @property {Card} card
 * @property {number} target
 * @property {"low" | "high"} [end]
 */

/**
 * What the viewer's seat may do now; empty ({}) when it is not their turn.
 * @typedef {object} Legal
 * @property {boolean} [draw]
 * @property {boolean} [pozzo]
 * @property {Card[]} [discard]
 * @property {boolean} [takeback]
 * @property {boolean} [can_open]
 * @property {boolean} [can_meld]
 * @property {CardOnMeld[]} [layoff]
 * @property {CardOnMeld[]} [swap]
 * @property {MeldOption[]} [melds]
 * @property {{pozzo?: Reason, draw?: Reason, discard?: {[card: string]: Reason}}} [why]
 */

/**
 * The rules a table plays.
 * @typedef {object} ViewRules
 * @property {string} preset "fisca" or "house"
 * @property {{[key: string]: Json}} changes every key that differs from FISCA
 * @property {number} opening_points
 * @property {RuleLimits} [limits]
 */

/**
 * The rule limits a page shows, resolved by the engine's `Rules` (`rules.limits`).
 * @typedef {object} RuleLimits
 * @property {number} opening_points
 * @property {string} face_values
 * @property {number} max_jokers 99: any
 * @property {number} min_naturals
 * @property {number} max_run
 * @property {boolean} two_natural_aces_in_run
 * @property {boolean} keep_pozzo_card
 * @property {string} open_from_pozzo
 * @property {boolean} single_hand
 */

/**
 * One hand's line of the score sheet (keyed by seat).
 * @typedef {object} ScoreLine
 * @property {number} hand
 * @property {{[seat: string]: number}} penalties
 * @property {{[seat: string]: number}} totals
 */

/**
 * What one seat may see of the table (`state.view`), built from `PlayerView` only.
 * @typedef {object} View
 * @property {string} table_id
 * @property {number} seat -1 for a spectator
 * @property {"waiting" | "playing" | "over"} status
 * @property {ViewPlayer[]} players
 * @property {Card[]} hand the viewer's own cards (empty for a spectator)
 * @property {TableMeld[]} table
 * @property {Card[]} pozzo the discard pile, bottom to top
 * @property {number} stock
 * @property {Card[]} stock_bottom
 * @property {number} current the seat to move
 * @property {string} phase "draw", "play", ...
 * @property {boolean} my_turn
 * @property {number} hand_number
 * @property {number} dealer
 * @property {boolean} opened_now
 * @property {Card} drew
 * @property {Card | null} pozzo_card
 * @property {Legal} legal
 * @property {ViewRules} rules
 * @property {number | null} turn_deadline Unix time in seconds when a turn timer runs
 * @property {ScoreLine[]} scores
 * @property {number} elimination
 * @property {boolean} [spectator]
 * @property {number[]} [order] seats in this hand's play order
 * @property {number} [turns_done]
 * @property {boolean} [pozzo_used]
 * @property {number} [actions_now]
 * @property {Json} [jokers_owed]
 * @property {Json} [laid_off_now]
 * @property {boolean} [must_go_out]
 * @property {boolean} [first_free]
 * @property {Json} [turn_start]
 * @property {Json} [unit_totals]
 * @property {Json} [unit_eliminated]
 * @property {FairView | null} [fair]
 * @property {HandPause | null} [pause] the table waits for the hand's summary to be read
 * @property {boolean} [rated] the creator chose a rated match: its result moves ratings
 */

/**
 * The pause after a hand (docs/protocol.md): the hand whose summary is read, until when
 * (Unix seconds) and the seats still waited for.
 * @typedef {object} HandPause
 * @property {number} hand
 * @property {number} until
 * @property {number[]} waiting
 */

/**
 * The verifiable shuffle as every VIEW carries it (docs/fair-deal.md): this hand's
 * commitment and the next hand's, open to the seats' entropy until it is dealt.
 * @typedef {object} FairView
 * @property {number} hand
 * @property {string} commitment
 * @property {{hand: number, commitment: string, contributions?: Json, open: boolean}} next
 */

/**
 * The replay's shuffle check (`replay.fair`): verified, not verified (which hand, a problem
 * code, the English why) or null for a match dealt before the verifiable shuffle.
 * @typedef {object} FairCheck
 * @property {boolean | null} verified
 * @property {number} [hands] how many hands were verified
 * @property {number | null} [hand]
 * @property {string} [problem]
 * @property {string} [why]
 * @property {{number: number, fair: {commitment: string}}[]} [hands_shown]
 */

/**
 * What just happened, in public words: an action's dict with its seat (`draw` carries no
 * card), or a table event (`bot_takes_over`, `human_back`, `timeout`, `join`).
 * @typedef {object} GameEvent
 * @property {string} type
 * @property {number} [seat]
 * @property {Card} [card]
 * @property {Card[]} [cards]
 * @property {Card[][]} [melds]
 * @property {number} [target]
 * @property {"low" | "high"} [end]
 * @property {Card} [declared] what a joker laid off stands for
 * @property {string} [name] seat_promised: the person who takes the bot's seat next hand
 * @property {string} [was] seat_handed: the bot's name the seat had
 */

/**
 * A hand over: every hand shown, keyed by seat.
 * @typedef {object} Summary
 * @property {number} hand
 * @property {number | null} winner
 * @property {string} reason "went_out", ...
 * @property {boolean} chiusura_in_mano
 * @property {{[seat: string]: Card[]}} hands
 * @property {{[seat: string]: number}} penalties
 * @property {{[unit: string]: number}} totals
 * @property {number[]} eliminated
 * @property {{[seat: string]: number}} reentered
 * @property {boolean} match_over
 * @property {number | null} match_winner
 * @property {{[seat: string]: RatingChange}} [ratings] the match's last hand: what it did to
 *   each rated seat's rating
 */

/**
 * What a finished match did to the rating of a seat's identity (docs/protocol.md).
 * @typedef {object} RatingChange
 * @property {number} before
 * @property {number} after
 * @property {number} change
 * @property {number} matches rated matches, this one counted
 * @property {boolean} provisional
 */

/**
 * `state.rematch` once the match is over.
 * @typedef {object} RematchInfo
 * @property {number[]} asked seats that asked
 * @property {string | null} table_id the new table, once made
 */

/**
 * One JSON Patch (RFC 6902) op as the server sends them.
 * @typedef {object} PatchOp
 * @property {"add" | "replace" | "remove"} op
 * @property {string} path a JSON Pointer
 * @property {Json} [value]
 */

/**
 * One reason of a hint (docs/protocol.md): a code and the facts it names, worded by the
 * page (hintwhy.<code>).
 * @typedef {object} HintReason
 * @property {string} code
 * @property {Card} [card]
 * @property {Card[]} [cards]
 * @property {Card[][]} [melds]
 * @property {number} [number]
 * @property {HintReason[]} [because]
 */

/**
 * What a table's socket sends (docs/protocol.md, "Server → client"): one object whose
 * `type` says which fields it has.
 * @typedef {object} ServerMessage
 * @property {string} type "state", "patch", "error", "hint", "hand_over", "pong", "chat", "rematch", "check"
 * @property {number} [v]
 * @property {View} [view]
 * @property {GameEvent | null} [event]
 * @property {number} [from]
 * @property {PatchOp[]} [ops]
 * @property {{moves: GameEvent[], summary: Summary | null}} [away]
 * @property {RematchInfo} [rematch]
 * @property {Summary} [summary]
 * @property {string} [code]
 * @property {string} [message]
 * @property {{[name: string]: Json}} [facts]
 * @property {Json} [action]
 * @property {string} [text]
 * @property {HintReason[]} [reasons] a `hint`'s facts, one per step of the turn
 * @property {number} [seat]
 * @property {string} [phrase]
 * @property {string} [table_id]
 * @property {string} [token]
 * @property {Card[]} [cards] a `check`'s cards, as asked
 * @property {boolean} [ok] a `check`: whether the cards make a meld
 */

/**
 * The engine's word on selected cards (a `check` answer): whether they make a meld, and
 * when not, its refusal.
 * @typedef {object} CheckAnswer
 * @property {boolean} ok
 * @property {string} [code]
 * @property {string} [message]
 * @property {{[name: string]: Json}} [facts]
 */

/**
 * A seat as the lobby and the table summaries list it.
 * @typedef {object} SeatSummary
 * @property {number} seat
 * @property {string} kind
 * @property {string} name
 * @property {boolean} [taken]
 * @property {boolean} [guest] a person without a rated identity sits here
 */

/**
 * `rules_facts`: a table's rules as values, for the pages to word.
 * @typedef {object} RulesFacts
 * @property {string} preset
 * @property {number} opening_points
 * @property {boolean} [single_hand]
 * @property {number | null} [target_total]
 * @property {number | null} [fixed_hands]
 * @property {number | null} [elimination]
 * @property {{[key: string]: Json}} [changes]
 */

/**
 * Words the server gives in every language of the catalogue, one member a language:
 * `label_en`, `label_it`, ... (English always; a page reads its own language's with
 * `inLang(entry, "label")` of js/i18n.js, which falls back to the English one).
 * @typedef {{[field: string]: unknown}} InLanguages
 */

/**
 * One choice of a rule key, its words as `label_<lang>` in every language.
 * @typedef {InLanguages & {value: Json, label_en?: string}} RuleChoice
 */

/**
 * One rule key of `GET /api/rules`, its words as `label_<lang>` (and a number key's empty
 * value as `none_label_<lang>`) in every language.
 * @typedef {InLanguages & {key: string, default: Json, choices?: (RuleChoice | Json)[], type?: string, label_en?: string, none_label_en?: string}} RuleKey
 */

/**
 * `GET /api/rules`: the presets (their words as `label_<lang>`) and every rule key in
 * plain words.
 * @typedef {object} RulesCatalogue
 * @property {{[preset: string]: {label_en?: string, [field: string]: Json | undefined}}} presets
 * @property {RuleKey[]} keys
 */

/**
 * A replay's STATE: the whole table after a step, every hand shown (keyed by seat).
 * @typedef {object} ReplayState
 * @property {{[seat: string]: Card[]}} hands
 * @property {TableMeld[]} table
 * @property {Card[]} pozzo
 * @property {number} stock
 * @property {number} current
 * @property {string} phase
 * @property {{[seat: string]: boolean}} opened
 * @property {{[seat: string]: number}} totals
 */

/**
 * One step of a replay: a hand's deal (seat and action null) or one recorded action.
 * @typedef {object} ReplayStep
 * @property {number} hand
 * @property {number} dealer
 * @property {number | null} seat
 * @property {GameEvent | null} action
 * @property {string} text
 * @property {ReplayState} state
 * @property {Summary} [summary]
 */

/**
 * `GET /api/tables/{id}/replay`.
 * @typedef {object} Replay
 * @property {string} table_id
 * @property {(string | {name: string})[]} seats names (older servers sent {name})
 * @property {string[]} [seat_kinds]
 * @property {ViewRules} rules
 * @property {number} elimination
 * @property {number | null} winner
 * @property {ReplayStep[]} steps
 * @property {FairCheck} [fair]
 */

export {};
