import { Col, Collapse, Divider, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../layout/use-is-mobile';
import { useSession } from '../../store/session';
import { AvatarUpload } from './AvatarUpload';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangeMobileForm } from './ChangeMobileForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { RemoteJudgeSession } from './RemoteJudgeSession';
import { UserInfoForm } from './UserInfoForm';
import './setting.css';

/**
 * /setting (login required; spec part 2 §2.6): collapsible Account (password, e-mail, mobile) and
 * UserInfo panes.
 */
export function SettingPage() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const isMobile = useIsMobile();

  const account = (
    <Row gutter={[32, 24]}>
      <Col xs={24} md={12}>
        <ChangePasswordForm />
      </Col>
      <Col xs={24} md={12}>
        <ChangeEmailForm />
      </Col>
      <Col xs={24} md={12}>
        <ChangeMobileForm />
      </Col>
    </Row>
  );

  const profile = (
    <>
      <Row gutter={[32, 24]}>
        <Col xs={24} md={6}>
          <AvatarUpload user={userInfo} />
        </Col>
        <Col xs={24} md={18}>
          {/* Keyed by user: another tab's login shows that user's values. */}
          <UserInfoForm key={userInfo?.uid} user={userInfo} />
        </Col>
      </Row>
      <Divider />
      <RemoteJudgeSession />
    </>
  );

  return (
    <div className="setting-page">
      <Typography.Title level={3} className="setting-title">
        {t('setting.title')}
      </Typography.Title>
      <Collapse
        className="setting-panes"
        defaultActiveKey={['account', 'userInfo']}
        styles={{ body: { padding: isMobile ? '16px 12px' : '20px 24px' } }}
        items={[
          { key: 'account', label: t('setting.panes.account'), children: account },
          { key: 'userInfo', label: t('setting.panes.userInfo'), children: profile },
        ]}
      />
    </div>
  );
}
