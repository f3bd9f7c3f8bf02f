import { Alert } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/**
 * Above a sealed board (reference §9.2): a participant is told that results after the seal time
 * are hidden (those tries show as "?"); a contest admin, that participants see it so and that
 * Force update shows the real board, or that it is showing it.
 */
export function SealNotice({
  sealTime,
  admin,
  forceRefresh,
}: {
  sealTime: string;
  admin: boolean;
  forceRefresh: boolean;
}) {
  const { t } = useTranslation();
  const time = dayjs(sealTime).format('YYYY-MM-DD HH:mm:ss');
  if (!admin) {
    return (
      <Alert
        className="rank-seal-notice"
        data-seal="participant"
        type="warning"
        showIcon
        title={t('contestRank.sealed.title')}
        description={t('contestRank.sealed.participant', { time })}
      />
    );
  }
  return (
    <Alert
      className="rank-seal-notice"
      data-seal={forceRefresh ? 'admin-real' : 'admin-sealed'}
      type={forceRefresh ? 'success' : 'info'}
      showIcon
      title={t('contestRank.sealed.title')}
      description={t(forceRefresh ? 'contestRank.sealed.adminReal' : 'contestRank.sealed.admin', { time })}
    />
  );
}
