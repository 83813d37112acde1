/**
 * A recording that is being sent, kept in this browser (IndexedDB) until its last byte is in: if the tab closes or
 * the phone drops the page mid-upload, opening the link again finds it and finishes sending it from where the server
 * stopped (tus HEAD), instead of losing it. One entry per link, keyed by the link's id, holding the recording, the
 * photo, the signed upload addresses the send answer gave, and what the thank-you screen shows.
 *
 * It is the respondent's video on their own device, so nothing is kept longer than needed: the entry is written only
 * once they pressed Send (the testimonial exists on the server), deleted when sending finishes, when they discard it,
 * when the server refuses it, and, for any link, once the upload address has expired (the server has removed the
 * partial file by then, so it could never be finished). Where IndexedDB is missing or refused (some private windows,
 * storage full, blocked), every call quietly does nothing: sending works as before, only without resuming.
 */
import type { SentInfo } from "./thanks";
import type { Started, UploadTicket } from "./types";

/** A recording that did not finish sending. */
export interface PendingSend {
  /** The link's id (not its slug): the key. */
  linkId: string;
  /** When Send was pressed (ms). */
  savedAt: number;
  /** When the upload address expires (ms): the entry is useless, and deleted, after that. */
  expiresAt: number;
  /** The signed tus address; resuming asks it how many bytes it has. */
  upload: UploadTicket;
  /** Where the photo goes once the recording is in (null: no photo). */
  photoUpload: Started["photo_upload"];
  /** The thank-you screen's content, with the recording (`media`) and the photo themselves. */
  sent: Omit<SentInfo, "photoProblem">;
}

const DB_NAME = "plaudit-capture";
const STORE = "pending";
/** Opening can hang where storage is blocked; after this long the page carries on without resuming. */
const OPEN_TIMEOUT_MS = 3000;

let opening: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), OPEN_TIMEOUT_MS);
    const done = (db: IDBDatabase | null) => {
      clearTimeout(timer);
      resolve(db);
    };
    try {
      if (typeof indexedDB === "undefined") return done(null);
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "linkId" });
      req.onsuccess = () => done(req.result);
      req.onerror = () => done(null);
      req.onblocked = () => done(null);
    } catch {
      done(null);
    }
  });
  return opening;
}

/** Runs one request in its own transaction; null when storage is unavailable or the request fails. */
async function run<T>(mode: IDBTransactionMode, use: (s: IDBObjectStore) => IDBRequest<T>): Promise<T | null> {
  const db = await open();
  if (!db) return null;
  return new Promise((resolve) => {
    try {
      const tx = db.transaction(STORE, mode);
      const req = use(tx.objectStore(STORE));
      let value: T | null = null;
      req.onsuccess = () => (value = req.result);
      tx.oncomplete = () => resolve(value);
      tx.onerror = () => resolve(null);
      tx.onabort = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

/** Keeps a recording being sent; false when it could not be kept (no resume then, sending goes on). */
export async function keepPending(p: PendingSend): Promise<boolean> {
  return (await run("readwrite", (s) => s.put(p))) !== null;
}

/** Deletes the entry of a link (sent, discarded, refused or expired). */
export async function forgetPending(linkId: string): Promise<void> {
  await run("readwrite", (s) => s.delete(linkId));
}

/** Deletes every entry whose upload address has expired, for any link. */
async function dropExpired(now: number): Promise<void> {
  const all = (await run("readonly", (s) => s.getAll() as IDBRequest<PendingSend[]>)) ?? [];
  for (const p of all) if (!(p.expiresAt > now)) await forgetPending(p.linkId);
}

/** The link's recording that did not finish sending, if any (expired entries are deleted first). */
export async function findPending(linkId: string): Promise<PendingSend | null> {
  await dropExpired(Date.now());
  const p = await run("readonly", (s) => s.get(linkId) as IDBRequest<PendingSend | undefined>);
  return p?.sent?.media instanceof Blob ? p : null;
}
