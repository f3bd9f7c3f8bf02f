import { useCallback, useMemo } from 'react';
import { browserStorage } from '../../../store/browser-storage';
import { createExternalStore, useExternalStore } from '../../../store/external-store';

/**
 * The users this browser follows on a contest's board (spec part 1 §2 "Contest rank", §9 storage
 * key "contest rank concerned"; reference §9.6 `concernedList`): kept per contest in browser
 * storage, sent with every board request so the server lists them first.
 */
export const concernedKey = (cid: number) => `contestRankConcerned:${cid}`;

/** The uids stored for a contest; anything else found under the key is dropped. */
export function readConcerned(cid: number): string[] {
  const stored = browserStorage.getJson<unknown>(concernedKey(cid));
  if (!Array.isArray(stored)) return [];
  return [...new Set(stored.filter((uid): uid is string => typeof uid === 'string' && uid !== ''))];
}

/** Follows `uid` if it is not followed, else unfollows it; answers the new list. */
export function toggleConcerned(cid: number, uid: string): string[] {
  const current = readConcerned(cid);
  const next = current.includes(uid) ? current.filter((id) => id !== uid) : [...current, uid];
  if (next.length === 0) browserStorage.remove(concernedKey(cid));
  else browserStorage.setJson(concernedKey(cid), next);
  return next;
}

/** Bumped on each toggle, so every board of the contest on the page reads the list again. */
const version = createExternalStore(0);

export function useConcernedUsers(cid: number): {
  list: string[];
  set: ReadonlySet<string>;
  toggle: (uid: string) => void;
} {
  const tick = useExternalStore(version);
  const list = useMemo(() => (tick >= 0 ? readConcerned(cid) : []), [cid, tick]);
  const set = useMemo(() => new Set(list), [list]);
  const toggle = useCallback(
    (uid: string) => {
      toggleConcerned(cid, uid);
      version.set(version.get() + 1);
    },
    [cid],
  );
  return { list, set, toggle };
}
