import { useState } from 'react';
import { ApiError } from '../../api/http';
import { toast } from '../../feedback/toast';
import type { CrudTexts } from './crud-texts';

/**
 * The editor state of an admin CRUD dialog: the draft being edited (null while closed), whether a
 * save was tried (field errors show only from then on), the save in flight and its error.
 * `save` and `remove` toast, refresh the list and leave the server's message in the dialog.
 */
export function useCrudEditor<Draft>(
  texts: Pick<CrudTexts, 'created' | 'updated' | 'deleted' | 'saveFailed'>,
  refresh: () => Promise<unknown>,
) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const close = () => {
    setDraft(null);
    setTried(false);
    setSaveError(null);
  };
  const open = (next: Draft) => {
    close();
    setDraft(next);
  };

  /** Marks the try; with field errors it stops there, otherwise it runs `action` on the draft. */
  const save = async (hasErrors: boolean, action: (draft: Draft) => Promise<unknown>, isNew: boolean) => {
    setTried(true);
    if (draft === null || hasErrors) return;
    setSaving(true);
    setSaveError(null);
    try {
      await action(draft);
      toast.success(isNew ? texts.created : texts.updated);
      close();
      await refresh();
    } catch (error) {
      setSaveError(error instanceof ApiError && error.message ? error.message : texts.saveFailed);
    } finally {
      setSaving(false);
    }
  };

  const remove = async (action: () => Promise<unknown>) => {
    try {
      await action();
      toast.success(texts.deleted);
      await refresh();
    } catch {
      // the client has shown the server's message
    }
  };

  return { draft, setDraft, tried, saving, saveError, open, close, save, remove };
}

export type CrudEditor<Draft> = ReturnType<typeof useCrudEditor<Draft>>;
