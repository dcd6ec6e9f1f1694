// @ts-check
// Calling a player back: a system notification when something at the table wants them
// (their turn, a rematch asked, a player sitting down) while the page is hidden (another
// tab, the phone's screen off). Off by default: the bell in the table's header turns it on,
// and only then does the browser ask for permission; the choice is remembered. The
// notification is shown through the service worker (sw.js), which brings the table forward
// when it is tapped, and it buzzes a phone.

import { t } from "./i18n.js";

const KEY = "scala40:notify";
const BUZZ = [180, 90, 180];

/** Whether this browser can show the table's notifications at all.
 * @returns {boolean} */
export function canNotify() {
  return "Notification" in window && "serviceWorker" in navigator;
}

/** Whether the player turned notifications on and the browser allows them.
 * @returns {boolean} */
export function notifyOn() {
  return canNotify() && localStorage.getItem(KEY) === "on" && Notification.permission === "granted";
}

/** A bell drawn in SVG, crossed out when off.
 * @param {boolean} on
 * @returns {SVGSVGElement} */
function bell(on) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "18");
  svg.setAttribute("height", "18");
  svg.setAttribute("aria-hidden", "true");
  const paths = ["M6 16V11a6 6 0 0 1 12 0v5l2 2H4z", "M10 20a2 2 0 0 0 4 0"];
  if (!on) paths.push("M3 3l18 18");
  for (const d of paths) {
    const el = document.createElementNS(ns, "path");
    el.setAttribute("d", d);
    el.setAttribute("fill", "none");
    el.setAttribute("stroke", "currentColor");
    el.setAttribute("stroke-width", "2");
    el.setAttribute("stroke-linecap", "round");
    el.setAttribute("stroke-linejoin", "round");
    svg.append(el);
  }
  return svg;
}

/** The toggle's words now (kept to re-word it on a language switch).
 * @param {HTMLElement} button */
export function wordNotifyToggle(button) {
  const on = notifyOn();
  const blocked = canNotify() && Notification.permission === "denied";
  const words = blocked ? t("notify.blocked") : on ? t("notify.on") : t("notify.off");
  button.title = words;
  button.setAttribute("aria-label", words);
}

/** Wire the bell: hidden where notifications cannot be shown; a click turns them on
 * (asking the browser's permission, the first time) or off.
 * @param {HTMLElement} button */
export function initNotifyToggle(button) {
  if (!canNotify()) {
    button.hidden = true;
    return;
  }
  const show = () => {
    const on = notifyOn();
    button.replaceChildren(bell(on));
    button.setAttribute("aria-pressed", String(on));
    button.dataset.notify = on ? "on" : "off";
    wordNotifyToggle(button);
  };
  show();
  button.addEventListener("click", async () => {
    if (notifyOn()) {
      localStorage.setItem(KEY, "off");
    } else {
      const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
      localStorage.setItem(KEY, answer === "granted" ? "on" : "off");
    }
    show();
  });
}

/**
 * Call the player back with title and body, if they asked to be and the page is hidden.
 * One notification per kind and table (tag): a newer one replaces it.
 * @param {string} kind "turn", "rematch" or "join"
 * @param {string} title
 * @param {string} body
 * @returns {Promise<boolean>} whether a notification was shown
 */
export async function callBack(kind, title, body) {
  if (!notifyOn() || document.visibilityState !== "hidden") return false;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return false;
  /** @type {NotificationOptions & {vibrate: number[], renotify: boolean}} */
  const options = {
    body,
    tag: `scala40-${kind}-${location.pathname}`,
    renotify: true,
    icon: "/static/icons/icon-192.png",
    badge: "/static/icons/icon-48.png",
    lang: document.documentElement.lang,
    vibrate: BUZZ,
    data: { url: location.pathname + location.search },
  };
  await registration.showNotification(title, options);
  try {
    if (navigator.vibrate) navigator.vibrate(BUZZ);
  } catch {
    // A browser may refuse to buzz from a hidden page: the notification buzzes instead.
  }
  return true;
}
