// @ts-check
// The local match kept in the browser's storage (IndexedDB, which a Worker can reach):
// one record, the match as Python wrote it (its setup and moves, JSON text), written after
// every change so that a closed tab or phone resumes it.

const DB = "scala40-local";
const STORE = "matches";
const KEY = "current";

/** @returns {Promise<IDBDatabase>} */
function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** One request on the store, its result once the transaction is done.
 * @template T
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest<T>} act
 * @returns {Promise<T>} */
async function onStore(mode, act) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = act(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** The kept match's text, or null.
 * @returns {Promise<string | null>} */
export async function keptMatch() {
  const value = await onStore("readonly", (s) => s.get(KEY));
  return typeof value === "string" ? value : null;
}

/** Keep the match (replacing the one kept).
 * @param {string} text */
export async function keepMatch(text) {
  await onStore("readwrite", (s) => s.put(text, KEY));
}

/** Forget the kept match (a new one is started). */
export async function forgetMatch() {
  await onStore("readwrite", (s) => s.delete(KEY));
}
