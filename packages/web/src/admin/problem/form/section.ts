import type { FormField, ProblemFormState } from './problem-form';

export type FormChange = Partial<ProblemFormState> | ((form: ProblemFormState) => ProblemFormState);

/** What every section of the problem form receives. */
export interface SectionProps {
  form: ProblemFormState;
  update: (change: FormChange) => void;
  /** the first message of each field with an error (shown once a save was tried) */
  errors: Partial<Record<FormField, string>>;
}

/** Form.Item props of a field with an error. */
export function errorProps(errors: SectionProps['errors'], field: FormField) {
  const help = errors[field];
  return help ? { validateStatus: 'error' as const, help } : {};
}
