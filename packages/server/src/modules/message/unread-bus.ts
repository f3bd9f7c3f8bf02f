import type { Db } from '../../db/client.ts';

/**
 * In-process "your unread counts may have changed" signal for the message stream (issue 15, beyond
 * reference §3.9). Writers call `announceUnread` after their transaction commits; each open stream
 * of the user listens and re-reads its counts. It is keyed by the database, so each app (and each
 * test's app) has its own. Other server processes do not hear it: their streams re-read the counts
 * on a timer (routes.ts), and the web's 120 s polling stays as the last fallback.
 */
type Listener = () => void;

const listenersByDb = new WeakMap<Db, Map<string, Set<Listener>>>();

function listenersOf(db: Db): Map<string, Set<Listener>> {
  let map = listenersByDb.get(db);
  if (!map) {
    map = new Map();
    listenersByDb.set(db, map);
  }
  return map;
}

/** Calls `listener` whenever `uid`'s messages change; answers the function that stops it. */
export function onUnreadChange(db: Db, uid: string, listener: Listener): () => void {
  const map = listenersOf(db);
  const set = map.get(uid) ?? new Set<Listener>();
  set.add(listener);
  map.set(uid, set);
  return () => {
    set.delete(listener);
    if (set.size === 0 && map.get(uid) === set) map.delete(uid);
  };
}

/** Tells the open streams of `uids` (or of everyone: an 'All' notice) to re-read their counts. */
export function announceUnread(db: Db, uids: Iterable<string> | 'everyone'): void {
  const map = listenersByDb.get(db);
  if (!map) return;
  const sets = uids === 'everyone' ? [...map.values()] : [...new Set(uids)].map((uid) => map.get(uid));
  for (const set of sets) for (const listener of [...(set ?? [])]) listener();
}
