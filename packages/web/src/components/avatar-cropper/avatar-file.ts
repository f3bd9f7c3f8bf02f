import { AVATAR } from '@verdict/shared';

export type AvatarFileProblem = 'type' | 'size';

/** spec part 2 §5: gif, jpg, jpeg, png, bmp or webp, at most 2 MB; checked before cropping. */
export function avatarFileProblem(file: { name: string; size: number }): AvatarFileProblem | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(AVATAR.types as readonly string[]).includes(extension)) return 'type';
  if (file.size > AVATAR.maxBytes) return 'size';
  return null;
}

/** What the file input offers to choose. */
export const AVATAR_ACCEPT = AVATAR.types.map((type) => `.${type}`).join(',');
