import { ArrowLeftOutlined, LockOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { useLanguageQuery } from '../layout/use-language-query';
import { useDocumentTitle } from '../routing/use-document-title';

/** /admin/login (spec part 2 §2.7); the form arrives with the accounts issue. */
export function AdminLoginPage() {
  const { t } = useTranslation();
  useDocumentTitle();
  useLanguageQuery();
  return (
    <div className="admin-login">
      <Card className="admin-login-card" title={t('admin.loginTitle')} extra={<LanguageSwitch compact />}>
        <Result
          icon={<LockOutlined />}
          subTitle={t('admin.loginComingLater')}
          extra={
            <Space>
              <Link to="/home">
                <Button icon={<ArrowLeftOutlined />}>{t('admin.backToSite')}</Button>
              </Link>
            </Space>
          }
        />
      </Card>
    </div>
  );
}
