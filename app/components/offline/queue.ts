import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from "idb";

/**
 * The phone's queue of field actions done without a connection (issue 36,
 * docs/decisions/0142): each a form's fields as posted (photos as the files
 * themselves), with its idempotency key, kept in IndexedDB until the server
 * has answered it. Browser only.
 */

export interface QueuedAction {
  id?: number;
  /** Where the form posts (a job's page). */
  url: string;
  key: string;
  intent: string;
  /** The form's fields in order: the server reads intent and key before any photo. */
  fields: [name: string, value: string | File][];
  /** Posted as multipart (a form with files) or urlencoded, as the form itself would be. */
  multipart: boolean;
  queuedAt: number;
  /** The server's refusal (a 4xx): shown until dismissed, never sent again. */
  refusal?: string;
}

interface QueueSchema extends DBSchema {
  actions: { key: number; value: QueuedAction };
}

const DB_NAME = "offline-queue";
let opened: Promise<IDBPDatabase<QueueSchema>> | undefined;

function queueDb(): Promise<IDBPDatabase<QueueSchema>> {
  opened ??= openDB<QueueSchema>(DB_NAME, 1, {
    upgrade: (db) => void db.createObjectStore("actions", { keyPath: "id", autoIncrement: true }),
    // Another tab signing out deletes the database: this tab lets go of it.
    blocking: () => forgetConnection(),
    terminated: () => (opened = undefined),
  });
  return opened;
}

function forgetConnection() {
  void opened?.then((db) => db.close());
  opened = undefined;
}

// This tab's views of the queue, and the other tabs' (a BroadcastChannel), hear of each change.
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(DB_NAME) : undefined;
channel?.addEventListener("message", () => listeners.forEach((listener) => listener()));

function changed() {
  listeners.forEach((listener) => listener());
  channel?.postMessage("changed");
}

/** Calls `listener` after each change of the queue, in this tab or another; returns the unsubscribe. */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps a form's post for later. Its key (the form's hidden `key`) makes the later sending count once. */
export async function keepAction(url: string, form: FormData, multipart: boolean): Promise<QueuedAction> {
  const action: QueuedAction = {
    url,
    key: String(form.get("key") ?? ""),
    intent: String(form.get("intent") ?? ""),
    fields: [...form.entries()],
    multipart,
    queuedAt: Date.now(),
  };
  action.id = await (await queueDb()).add("actions", action);
  changed();
  return action;
}

/** Every action kept, oldest first; with `url`, those of that page only. */
export async function keptActions(url?: string): Promise<QueuedAction[]> {
  const all = await (await queueDb()).getAll("actions");
  return url === undefined ? all : all.filter((action) => action.url === url);
}

export async function removeAction(id: number): Promise<void> {
  await (await queueDb()).delete("actions", id);
  changed();
}

export async function refuseAction(action: QueuedAction, refusal: string): Promise<void> {
  await (await queueDb()).put("actions", { ...action, refusal });
  changed();
}

/** Sign-out on a shared phone: the queue goes (with the customers' names and photos in it). */
export async function deleteQueue(): Promise<void> {
  forgetConnection();
  await deleteDB(DB_NAME);
  changed();
}
