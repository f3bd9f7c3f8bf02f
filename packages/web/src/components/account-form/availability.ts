import type { FormRule } from 'antd';
import { checkUsernameOrEmail } from '../../api/account';

export type AvailabilityField = 'username' | 'email';

/** true: taken; false: free; null: the check itself failed. */
export type Availability = boolean | null;

/**
 * Asks the server whether a username or e-mail is taken (reference §3.1), once per value: a form
 * checks on blur and again on submit, and both should cost one request.
 */
export function createAvailabilityCheck(field: AvailabilityField): (value: string) => Promise<Availability> {
  const answers = new Map<string, Promise<Availability>>();
  return (value) => {
    const key = value.trim();
    let answer = answers.get(key);
    if (!answer) {
      answer = checkUsernameOrEmail({ [field]: key }).then(
        (result) => result[field],
        () => {
          answers.delete(key); // a failed check is asked again next time
          return null;
        },
      );
      answers.set(key, answer);
    }
    return answer;
  };
}

/**
 * On blur (spec part 1 §5): at registration the name must be free ('taken' is an error); at reset
 * it must exist ('missing' is an error). A failed check call is ignored.
 */
export function availabilityRule(
  check: (value: string) => Promise<Availability>,
  refuse: 'taken' | 'missing',
  message: () => string,
): FormRule {
  return {
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      const taken = await check(value);
      if (taken === null) return;
      if ((refuse === 'taken' && taken) || (refuse === 'missing' && !taken)) throw new Error(message());
    },
  };
}
