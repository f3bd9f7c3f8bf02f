import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/http';
import { toast } from '../../../feedback/toast';

export type FormChange<Form> = Partial<Form> | ((form: Form) => Form);

export interface SaveRun {
  /** the form's errors, in the interface language: the first is toasted and nothing is sent */
  errors: string[];
  /** a selector of the first field in error, brought into view */
  firstError?: string;
  /** sends the form and says it was saved */
  write: () => Promise<void>;
  /** the queries the save makes stale */
  staleKey: readonly unknown[];
  /** where a saved form goes */
  listPath: string;
  /** said beside the button when the server refuses without a message */
  failText: string;
}

/**
 * The state of an admin edit form (problem, training, contest): the form once its data is here,
 * whether a save was tried (errors show from then on), the save in flight and the server's refusal,
 * which stays until the next change.
 */
export function useEditorForm<Form>() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const update = (change: FormChange<Form>) => {
    setForm((current) =>
      current ? (typeof change === 'function' ? change(current) : { ...current, ...change }) : current,
    );
    setSaveError(null);
  };

  const save = async (run: SaveRun) => {
    setSubmitted(true);
    if (run.errors.length > 0) {
      toast.error(run.errors[0]!);
      const selector = run.firstError;
      if (selector) {
        // once the fields are marked
        setTimeout(() => {
          document.querySelector(selector)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
        }, 0);
      }
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      await run.write();
      await queryClient.invalidateQueries({ queryKey: run.staleKey });
      void navigate(run.listPath);
    } catch (error) {
      // the client has shown the server's message; it stays beside the button until the next change
      setSaveError(error instanceof ApiError && error.message ? error.message : run.failText);
    } finally {
      setSaving(false);
    }
  };

  return { form, start: setForm, update, submitted, saving, saveError, save };
}
