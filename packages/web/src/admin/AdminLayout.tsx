import { ArrowLeftOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Space, Typography, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { UserMenu } from '../layout/nav/UserMenu';
import { useLanguageQuery } from '../layout/use-language-query';
import { RouteProgressBar } from '../routing/RouteProgressBar';
import { useDocumentTitle } from '../routing/use-document-title';
import { isSuperAdmin, useSession } from '../store/session';
import { ADMIN_MENU, currentAdminPage, type AdminMenuItem } from './admin-menu';
import { useAdminLogout } from './use-admin-logout';

type MenuItems = NonNullable<MenuProps['items']>;

/** The admin app's shell (spec part 2 §2.7): side menu, header, page. Screens come in later issues. */
export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession();
  const logout = useAdminLogout();
  useDocumentTitle();
  useLanguageQuery();

  const superAdmin = isSuperAdmin(session.userInfo);
  // the group holding the current page is always open (issue 24 item 18); others as the user leaves them
  const current = currentAdminPage(pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(['problem', 'training', 'contest']);
  const shownOpenKeys =
    current.group && !openKeys.includes(current.group) ? [...openKeys, current.group] : openKeys;
  const toItems = (entries: AdminMenuItem[]): MenuItems =>
    entries
      .filter((item) => superAdmin || !item.superAdminOnly)
      .map((item) => ({
        key: item.key,
        label: item.to ? (
          <Link to={item.to}>{t(`admin.menu.${item.label}`)}</Link>
        ) : (
          t(`admin.menu.${item.label}`)
        ),
        children: item.children ? toItems(item.children) : undefined,
      }));

  return (
    <Layout className="admin">
      <RouteProgressBar />
      <Layout.Sider breakpoint="md" collapsedWidth={0} width={220} className="admin-sider">
        <div className="admin-brand">
          <SettingOutlined /> {t('admin.title')}
        </div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={current.page ? [current.page] : []}
          openKeys={shownOpenKeys}
          onOpenChange={setOpenKeys}
          items={toItems(ADMIN_MENU)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="admin-header">
          <Typography.Text strong>{t('admin.title')}</Typography.Text>
          <Space>
            <Link to="/home">
              <Button type="text" icon={<ArrowLeftOutlined />}>
                {t('admin.backToSite')}
              </Button>
            </Link>
            <LanguageSwitch compact />
            <UserMenu user={session.userInfo} compact onLogout={logout} />
          </Space>
        </Layout.Header>
        <Layout.Content className="admin-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
