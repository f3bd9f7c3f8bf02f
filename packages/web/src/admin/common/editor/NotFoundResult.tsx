import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** An admin editor opened with an id that cannot be one: "not found" and the way back to its list. */
export function NotFoundResult({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  const { t } = useTranslation();
  return <Result status="404" title={t('errors.notFound')} extra={<Link to={backTo}>{backLabel}</Link>} />;
}
