import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.ts';
import { accountsFromEnv } from '../../src/modules/remote-judge/accounts.ts';

/**
 * Issue 30 "Accounts ... by environment variables" (reference §10.1): `<SITE>_ACCOUNT_USERNAME_LIST`
 * and `<SITE>_ACCOUNT_PASSWORD_LIST`, comma-separated, one password per account in the same order. A
 * list that does not pair up is a configuration error, refused at start with what to change.
 */
describe('remote-judge accounts from the environment', () => {
  it('pairs each site’s usernames with its passwords, trimmed, and leaves sites not given alone', () => {
    expect(
      accountsFromEnv({
        CF_ACCOUNT_USERNAME_LIST: ' club-1, club-2 ',
        CF_ACCOUNT_PASSWORD_LIST: 'p1,p2',
        ATCODER_ACCOUNT_USERNAME_LIST: 'ac-1',
        ATCODER_ACCOUNT_PASSWORD_LIST: 'q1',
      }),
    ).toEqual({
      CF: { usernames: ['club-1', 'club-2'], passwords: ['p1', 'p2'] },
      AC: { usernames: ['ac-1'], passwords: ['q1'] },
    });
  });

  it('refuses a list whose passwords do not pair up with its usernames, naming the variables', () => {
    const uneven = () =>
      accountsFromEnv({ HDU_ACCOUNT_USERNAME_LIST: 'a,b', HDU_ACCOUNT_PASSWORD_LIST: 'only-one' });
    expect(uneven).toThrow(ConfigError);
    expect(uneven).toThrow(
      /HDU_ACCOUNT_USERNAME_LIST names 2 account\(s\) but HDU_ACCOUNT_PASSWORD_LIST gives 1/,
    );
  });
});
