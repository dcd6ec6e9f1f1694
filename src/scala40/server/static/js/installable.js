// @ts-check
// Every page registers the service worker (/sw.js, whose scope is the whole site), so that
// the app shell is kept and the offline page shows when there is no connection. Where the
// browser offers to install the site as an app (it fires `beforeinstallprompt`), the page's
// Install button appears and asks it; elsewhere (a browser without that event, an app
// already installed) the button stays hidden.

/**
 * Chromium's install offer (not in lib.dom).
 * @typedef {Event & {prompt(): Promise<void>, userChoice: Promise<{outcome: "accepted" | "dismissed"}>}} InstallOffer
 */

/** Register the service worker once the page has loaded and is idle (the app shell it
 * fetches then does not compete with the page's own start), and wire the Install button if
 * the page has one. */
export function installable() {
  if ("serviceWorker" in navigator) {
    const register = () => {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
        // No worker (a private window, an address that is not https): the site still works.
      });
    };
    const whenIdle = () => {
      if ("requestIdleCallback" in window) requestIdleCallback(register, { timeout: 3000 });
      else setTimeout(register, 500);
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
  }
  offerInstall();
}

/** Wire the page's Install button to the browser's offer, when it makes one. A local
 * table's site (an export, /play) calls this alone: its own service worker (local/sw.js)
 * is registered by the local setup, not the server's /sw.js. */
export function offerInstall() {
  const button = /** @type {HTMLButtonElement | null} */ (document.getElementById("install"));
  if (!button) return;
  /** @type {InstallOffer | null} */
  let offer = null;
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault(); // the page's own button asks, when the player wants
    offer = /** @type {InstallOffer} */ (event);
    button.hidden = false;
  });
  window.addEventListener("appinstalled", () => {
    offer = null;
    button.hidden = true;
  });
  button.addEventListener("click", async () => {
    if (!offer) return;
    const asked = offer;
    offer = null;
    await asked.prompt();
    const choice = await asked.userChoice;
    if (choice.outcome === "accepted") button.hidden = true;
  });
}
