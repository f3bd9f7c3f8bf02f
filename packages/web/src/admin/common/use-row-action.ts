import { useState } from 'react';
import { toast } from '../../feedback/toast';

/** Runs one row action with its spinner key, toasts `done` and refreshes; refusals are toasted by the client. */
export function useRowAction(refresh: () => Promise<unknown>) {
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (key: string, action: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await action();
      toast.success(done);
      await refresh();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, act };
}
