import { DISCUSSION_LIMITS } from '@verdict/shared';

/** Spec part 2 §5 "Comment and reply": not empty, at most 10000 characters. Answers the i18n key. */
export function commentProblem(content: string): 'contentEmpty' | 'tooLong' | null {
  if (content.trim() === '') return 'contentEmpty';
  if (content.length > DISCUSSION_LIMITS.commentMax) return 'tooLong';
  return null;
}

/** Who a reply goes to, and what it quotes (reference §3.8 ReplyDTO). */
export interface ReplyTarget {
  quoteType: 'Comment' | 'Reply';
  quoteId: number;
  toUid: string;
  toName: string;
  toAvatar: string | null;
}

/** What goes between the text and an appended snippet: nothing after blank space, a new
 * paragraph after a code fence or display formula (a snippet on its line would break it), else a space. */
export function separatorAfter(text: string): string {
  if (text === '' || /\s$/.test(text)) return '';
  const lastLine = text.slice(text.lastIndexOf('\n') + 1).trim();
  return /^(```|~~~|\$\$)/.test(lastLine) ? '\n\n' : ' ';
}
