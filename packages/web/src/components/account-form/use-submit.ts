import { useState } from 'react';

/**
 * A form's submit with its button's spinner: `submitting` is true while `action` runs. A failed
 * call was already shown by the API client (spec part 1 §8), so it ends here quietly.
 */
export function useSubmit<V>(action: (values: V) => Promise<void>) {
  const [submitting, setSubmitting] = useState(false);
  const submit = async (values: V) => {
    setSubmitting(true);
    try {
      await action(values);
    } catch {
      // Already shown by the API client.
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, submit: (values: V) => void submit(values) };
}
