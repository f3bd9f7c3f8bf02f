import { InfoCircleOutlined } from '@ant-design/icons';
import type { RegisterMode } from '@verdict/shared';
import { Alert, Button, Card, Descriptions, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { registerModeOf, useWebsiteConfig } from '../../api/home';

/** The website configuration (`GET /api/get-website-config`) as a summary card. */
export function SiteInfoCard() {
  const { t } = useTranslation();
  const { data: config, isPending, isError, refetch } = useWebsiteConfig();

  const onOff = (on: boolean) => (
    <Tag color={on ? 'green' : 'default'}>{on ? t('home.switchOn') : t('home.switchOff')}</Tag>
  );

  return (
    <Card
      title={
        <span>
          <InfoCircleOutlined /> {t('home.siteInfo')}
        </span>
      }
      className="home-card"
    >
      {isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : isError || !config ? (
        <Alert
          type="warning"
          showIcon
          title={t('home.configLoadFailed')}
          action={
            <Button size="small" onClick={() => void refetch()}>
              {t('home.retry')}
            </Button>
          }
        />
      ) : (
        <Descriptions column={1} size="small" className="site-info">
          <Descriptions.Item label={t('home.siteName')}>{config.name}</Descriptions.Item>
          <Descriptions.Item label={t('home.shortName')}>{config.shortName}</Descriptions.Item>
          {config.email ? (
            <Descriptions.Item label={t('home.email')}>
              <a href={`mailto:${config.email}`}>{config.email}</a>
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('home.registration')}>
            <Registration mode={registerModeOf(config)} />
          </Descriptions.Item>
          <Descriptions.Item label={t('home.publicDiscussion')}>
            {onOff(config.openPublicDiscussion)}
          </Descriptions.Item>
          <Descriptions.Item label={t('home.groupDiscussion')}>
            {onOff(config.openGroupDiscussion)}
          </Descriptions.Item>
          <Descriptions.Item label={t('home.contestComment')}>
            {onOff(config.openContestComment)}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}

/** How people register here; when they cannot, why (issue 24 item 7). */
function Registration({ mode }: { mode: RegisterMode }) {
  const { t } = useTranslation();
  if (mode === 'closed') return <Tag>{t('home.registrationClosed')}</Tag>;
  if (mode === 'needs-mail') {
    return (
      <div className="site-info__registration">
        <Tag color="orange">{t('home.registrationUnavailable')}</Tag>
        <Typography.Text type="secondary">{t('home.registrationUnavailableReason')}</Typography.Text>
      </div>
    );
  }
  return (
    <Tag color="blue">
      {mode === 'email-code' ? t('home.registrationWithCode') : t('home.registrationOpen')}
    </Tag>
  );
}
