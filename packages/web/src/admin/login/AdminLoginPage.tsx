import { ArrowLeftOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { useLanguageQuery } from '../../layout/use-language-query';
import { LoginForm } from '../../pages/account/LoginForm';
import { useDocumentTitle } from '../../routing/use-document-title';
import './admin-login.css';

/**
 * /admin/login (spec part 2 §2.7): the admin login call admits root, admin and problem admin only
 * (reference §2); anyone else is refused with the server's message. Success opens the dashboard.
 */
export function AdminLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle();
  useLanguageQuery();
  const onSignedIn = useCallback(() => void navigate('/admin', { replace: true }), [navigate]);

  return (
    <div className="admin-login">
      <Card
        className="admin-login-card"
        title={
          <span className="admin-login-title">
            <SafetyCertificateOutlined /> {t('admin.loginTitle')}
          </span>
        }
        extra={<LanguageSwitch compact />}
      >
        <Typography.Paragraph type="secondary">{t('admin.loginIntro')}</Typography.Paragraph>
        <LoginForm admin onSignedIn={onSignedIn} />
        <div className="admin-login-back">
          <Link to="/home">
            <ArrowLeftOutlined /> {t('admin.backToSite')}
          </Link>
        </div>
      </Card>
    </div>
  );
}
