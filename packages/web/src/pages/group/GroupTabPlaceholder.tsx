import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The group tabs not built yet (problems, trainings, contests, status, discussions and their
 * related pages): router.tsx points each at this file, so giving one its page is a one-line change.
 */
export function GroupTabPlaceholder() {
  const { t } = useTranslation();
  return (
    <Card className="group-placeholder">
      <Result status="info" title={t('group.placeholder.title')} subTitle={t('group.placeholder.tips')} />
    </Card>
  );
}
