import { CAROUSEL_IMAGE } from '@verdict/shared';

/**
 * What the carousel card refuses before sending (the server checks again, by the file's bytes):
 * a file over the size limit, and SVG, which the server never takes.
 */
export function refusedBeforeUpload(file: {
  name: string;
  type: string;
  size: number;
}): 'svg' | 'tooLarge' | null {
  if (file.type === 'image/svg+xml' || /\.svgz?$/i.test(file.name)) return 'svg';
  if (file.size > CAROUSEL_IMAGE.maxBytes) return 'tooLarge';
  return null;
}

/** The list with item `index` moved `by` places (kept in bounds), as the order call takes it. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = Math.min(list.length - 1, Math.max(0, index + by));
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}
