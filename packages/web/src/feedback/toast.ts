import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { TOAST_DURATION_S } from '../config/constants';

/**
 * Toasts for the whole app (spec part 1 §8): top centre, 4000 ms, and a new toast replaces the
 * previous one — every toast shares one key, so antd updates it in place.
 */
const TOAST_KEY = 'verdict-toast';

type ToastKind = 'success' | 'info' | 'warning' | 'error';

// The App-context instance follows the ConfigProvider (locale, theme); the static one is the
// fallback for calls made before the shell has mounted (e.g. a route guard on the first load).
staticMessage.config({ maxCount: 1, duration: TOAST_DURATION_S });

let contextMessage: MessageInstance | null = null;

export function bindToastInstance(instance: MessageInstance | null): void {
  contextMessage = instance;
}

function show(kind: ToastKind, content: string): void {
  const target = contextMessage ?? staticMessage;
  void target.open({ key: TOAST_KEY, type: kind, content, duration: TOAST_DURATION_S });
}

export const toast = {
  success: (content: string) => show('success', content),
  info: (content: string) => show('info', content),
  warning: (content: string) => show('warning', content),
  error: (content: string) => show('error', content),
};
