import type { ChangeAccountVO } from '@verdict/shared';
import { Alert } from 'antd';
import type { ReactNode } from 'react';

/**
 * The answer of change-password / change-email (reference §3.1 ChangeAccountVO): code 200 done,
 * 400 wrong password or code, 403 locked. It stays under the form, like HOJ's, so the count of
 * failures and the lock time can be read.
 */
export function ChangeResultAlert({ result, extra }: { result: ChangeAccountVO | null; extra?: ReactNode }) {
  if (!result) return null;
  const type = result.code === 200 ? 'success' : result.code === 403 ? 'error' : 'warning';
  return <Alert className="setting-alert" type={type} showIcon title={result.msg} description={extra} />;
}
