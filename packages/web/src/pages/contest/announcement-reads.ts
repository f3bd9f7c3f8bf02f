import { browserStorage } from '../../store/browser-storage';

/**
 * The contest announcements this browser has seen (reference §3.6 get-contest-not-read-announcement
 * takes the read list from the client): kept per contest in browser storage, so a notice is shown
 * once, not on every poll or reload.
 */
const key = (cid: number) => `contestReadAnnouncements:${cid}`;

export function readAnnouncementIds(cid: number): number[] {
  const stored = browserStorage.getJson<unknown>(key(cid));
  return Array.isArray(stored) ? stored.filter((id): id is number => Number.isInteger(id)) : [];
}

export function markAnnouncementsRead(cid: number, ids: number[]): void {
  if (ids.length === 0) return;
  const merged = [...new Set([...readAnnouncementIds(cid), ...ids])];
  browserStorage.setJson(key(cid), merged);
}
