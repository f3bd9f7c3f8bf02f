import type { Message } from './messages.ts';

/** reference §1.1: every JSON endpoint answers exactly `{status, msg, data}`. */
export interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

/** A successful result; the message is localised when the reply is sent. */
export class Ok<T> {
  constructor(
    readonly data: T,
    readonly msg: Message = 'success',
  ) {}
}

export const ok = <T>(data: T, msg?: Message) => new Ok(data, msg);

/** reference §1.1: paged payloads in MyBatis-Plus `IPage` shape; clients read `records` and `total`. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export function page<T>(records: T[], total: number, current: number, size: number): Page<T> {
  return { records, total, size, current, pages: size > 0 ? Math.ceil(total / size) : 0 };
}
