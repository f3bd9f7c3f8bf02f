import { Alert } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/**
 * Above a sealed board (reference §9.2): a participant is told what the board leaves out. On an
 * ACM board the tries after the seal show as "?"; an OI board counts only submissions before the
 * seal, so later ones and the people who only submitted later are not on it (reference §9.4, issue
 * 24 item 17). A contest admin, that participants see it so and that
 * Force update shows the real board, or that it is showing it.
 */
export function SealNotice({
  sealTime,
  oi,
  admin,
  forceRefresh,
}: {
  sealTime: string;
  /** an OI contest's board */
  oi: boolean;
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
        description={t(oi ? 'contestRank.sealed.participantOi' : 'contestRank.sealed.participant', { time })}
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
