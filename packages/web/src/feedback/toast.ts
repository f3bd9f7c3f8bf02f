import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { createElement, type ReactNode } from 'react';
import { TOAST_DURATION_S } from '../config/constants';

/**
 * Toasts for the whole app (spec part 1 §8): top centre, 4000 ms, and a new toast replaces the
 * previous one: every toast shares one key, so antd updates it in place.
 */
const TOAST_KEY = 'verdict-toast';

type ToastKind = 'success' | 'info' | 'warning' | 'error';

// The App-context instance follows the ConfigProvider (locale, theme); the static one is the
// fallback for calls made before the shell has mounted (e.g. a route guard on the first load).
staticMessage.config({ maxCount: 1, duration: TOAST_DURATION_S });

let contextMessage: MessageInstance | null = null;

type Toaster = Pick<MessageInstance, 'open' | 'destroy'>;

/** Where the toast on screen (if any) was shown; the two instances render separate lists. */
let shownOn: Toaster | null = null;

/**
 * antd keeps a notice's timer when only its content changes under the same key, so a toast shown
 * 3.9 s after another would vanish at once; its timer restarts only when the duration changes.
 * Toasts therefore alternate between 4000 and 4001 ms: each replacing toast gets its full time.
 */
let nudge = false;

export function bindToastInstance(instance: MessageInstance | null): void {
  contextMessage = instance;
}

function show(kind: ToastKind, content: string): void {
  const target: Toaster = contextMessage ?? staticMessage;
  // A guard's toast on the first load goes to the fallback; the next one, once the shell is up,
  // to the App instance. The shared key replaces within one instance only, so end the other's.
  if (shownOn && shownOn !== target) shownOn.destroy(TOAST_KEY);
  shownOn = target;
  nudge = !nudge;
  const duration = TOAST_DURATION_S + (nudge ? 0.001 : 0);
  void target.open({ key: TOAST_KEY, type: kind, content: linesOf(content), duration });
  // Announced as an event too: a toast lasts 4 s, and whoever must know it was shown (the browser
  // tests, whose own process may be busy for longer) listens instead of watching the screen.
  if (typeof window !== 'undefined')
    window.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail: { kind, content } }));
}

/**
 * HOJ's messages break their lines with `<br/>` (the problem import's result, reference §11): shown
 * as line breaks, the text itself never as HTML.
 */
function linesOf(content: string): ReactNode {
  const lines = content.split(/<br\s*\/?>/i);
  if (lines.length === 1) return content;
  return lines.flatMap((line, i) => (i === 0 ? [line] : [createElement('br', { key: i }), line]));
}

/** The window event each toast dispatches, with `{ kind, content }`. */
export const TOAST_EVENT = 'verdict:toast';

export const toast = {
  success: (content: string) => show('success', content),
  info: (content: string) => show('info', content),
  warning: (content: string) => show('warning', content),
  error: (content: string) => show('error', content),
};
