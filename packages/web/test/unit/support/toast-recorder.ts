import type { MessageInstance, MessageType } from 'antd/es/message/interface';
import { bindToastInstance } from '../../../src/feedback/toast.ts';

/** What the toast module asked antd's message instance to show. */
export interface ShownToast {
  type: unknown;
  content: unknown;
  key: unknown;
  duration: unknown;
}

/** A message instance that records what it is asked to show and to destroy (by key). */
export function recordingInstance() {
  const shown: ShownToast[] = [];
  const destroyed: unknown[] = [];
  const recorder: Pick<MessageInstance, 'open' | 'destroy'> = {
    open: ({ type, content, key, duration }) => {
      shown.push({ type, content, key, duration });
      const closed = Promise.resolve(true);
      return Object.assign(() => undefined, { then: closed.then.bind(closed) }) as MessageType;
    },
    destroy: (key) => void destroyed.push(key),
  };
  return { instance: recorder as MessageInstance, shown, destroyed };
}

/**
 * Binds a recording message instance in place of antd's (the seam the shell's ToastBridge uses),
 * so a unit test sees every toast the client shows, in order.
 */
export function recordToasts(): ShownToast[] {
  const { instance, shown } = recordingInstance();
  bindToastInstance(instance);
  return shown;
}
