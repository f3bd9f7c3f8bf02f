import dayjs from 'dayjs';

/** A message's time as "2026-11-26 04:30", in the browser's time zone. */
export const messageTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
