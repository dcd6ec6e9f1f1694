// @ts-check
// Short table sounds synthesised with the Web Audio API (no audio files): your turn, a
// draw, a discard, a meld, going out. On by default, but silent until the player first
// touches the page (browsers refuse audio before that); the mute button in the header
// turns them off and the choice is remembered.

const KEY = "scala40:sound";

/** @type {AudioContext | null} */
let audio = null; // the AudioContext, made at the first user gesture
let touched = false;

// Each sound: notes of [frequency Hz, start s, length s], a wave and a loudness.
/** @typedef {{wave: OscillatorType, gain: number, notes: [number, number, number][], drop?: number}} Sound */
/** @type {{[name: string]: Sound}} */
const SOUNDS = {
  turn: { wave: "sine", gain: 0.18, notes: [[660, 0, 0.14], [880, 0.12, 0.22]] },
  draw: { wave: "triangle", gain: 0.12, notes: [[520, 0, 0.07]] },
  discard: { wave: "sine", gain: 0.2, notes: [[220, 0, 0.12]], drop: 0.6 },
  meld: { wave: "triangle", gain: 0.14, notes: [[523, 0, 0.1], [659, 0.08, 0.1], [784, 0.16, 0.16]] },
  out: {
    wave: "triangle",
    gain: 0.16,
    notes: [[523, 0, 0.12], [659, 0.11, 0.12], [784, 0.22, 0.12], [1047, 0.33, 0.35]],
  },
};

/** Whether the table's sounds are on (the mute button's choice, remembered).
 * @returns {boolean} */
export function soundOn() {
  return localStorage.getItem(KEY) !== "off";
}

/** @param {boolean} on */
function setSoundOn(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
}

/** A speaker drawn in SVG (an emoji may have no font to show it), with waves when on and
 * a cross when muted.
 * @param {boolean} on
 * @returns {SVGSVGElement} */
function speaker(on) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "18");
  svg.setAttribute("height", "18");
  svg.setAttribute("aria-hidden", "true");
  /** @type {[string, {[name: string]: string}][]} */
  const parts = [["path", { d: "M3 9h4l5-4v14l-5-4H3z", fill: "currentColor" }]];
  if (on) parts.push(["path", { d: "M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12", fill: "none" }]);
  else parts.push(["path", { d: "M16 9l6 6M22 9l-6 6", fill: "none" }]);
  for (const [tag, attrs] of parts) {
    const el = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    el.setAttribute("stroke", "currentColor");
    el.setAttribute("stroke-width", "2");
    el.setAttribute("stroke-linecap", "round");
    svg.append(el);
  }
  return svg;
}

/** Wire the mute button and wait for the first touch of the page to allow audio.
 * @param {HTMLElement} button */
export function initSound(button) {
  const show = () => {
    const on = soundOn();
    button.replaceChildren(speaker(on));
    button.setAttribute("aria-pressed", String(on));
    button.dataset.sound = on ? "on" : "off";
  };
  show();
  button.addEventListener("click", () => {
    setSoundOn(!soundOn());
    show();
  });
  const unlock = () => {
    touched = true;
    if (!audio) {
      // Older Safari names it webkitAudioContext.
      const Ctx = window.AudioContext || /** @type {{webkitAudioContext?: typeof AudioContext}} */ (window).webkitAudioContext;
      if (Ctx) audio = new Ctx();
    }
    if (audio && audio.state === "suspended") audio.resume().catch(() => {});
  };
  for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, unlock, { capture: true });
}

/** Play one of the sounds (nothing when muted or before the first touch of the page).
 * @param {string} name "turn", "draw", "discard", "meld" or "out" */
export function playSound(name) {
  const s = SOUNDS[name];
  if (!s || !soundOn() || !touched || !audio || audio.state !== "running") return;
  const now = audio.currentTime;
  for (const [freq, start, length] of s.notes) {
    const osc = audio.createOscillator();
    const env = audio.createGain();
    osc.type = s.wave;
    const t0 = now + start;
    osc.frequency.setValueAtTime(freq, t0);
    if (s.drop) osc.frequency.exponentialRampToValueAtTime(freq * s.drop, t0 + length);
    // A quick attack and an exponential fade: a click-free short tone.
    env.gain.setValueAtTime(0.0001, t0);
    env.gain.exponentialRampToValueAtTime(s.gain, t0 + 0.01);
    env.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
    osc.connect(env).connect(audio.destination);
    osc.start(t0);
    osc.stop(t0 + length + 0.02);
  }
}

/** The sound for an event of the table, or null.
 * @param {import("./types.js").GameEvent | null | undefined} ev
 * @returns {"draw" | "discard" | "meld" | null} */
export function soundFor(ev) {
  switch (ev && ev.type) {
    case "draw":
    case "pozzo":
      return "draw";
    case "discard":
      return "discard";
    case "open":
    case "meld":
    case "layoff":
    case "swap":
      return "meld";
    default:
      return null;
  }
}
