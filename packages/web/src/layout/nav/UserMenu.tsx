import { DownOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Space, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isAdminRole, type UserInfo } from '../../store/session';

interface UserMenuProps {
  user: UserInfo | null;
  compact?: boolean;
  /** Replaces the user site's /logout page (the admin app signs out through its own call). */
  onLogout?: () => void;
}

/** Logged in: Home, Submissions, Setting, Management (admin roles), Logout (spec part 1 §2 "Shell"). */
export function UserMenu({ user, compact = false, onLogout }: UserMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const username = user?.username ?? '';

  const items: MenuProps['items'] = [
    // Home opens the user's own page by name, so its address can be shared (spec part 2 §2.6).
    { key: `/user-home?username=${encodeURIComponent(username)}`, label: t('nav.userHome') },
    { key: '/status?onlyMine=true', label: t('nav.submissions') },
    { key: '/setting', label: t('nav.setting') },
    ...(isAdminRole(user) ? [{ key: '/admin', label: t('nav.management') }] : []),
    { type: 'divider' as const },
    { key: '/logout', label: t('nav.logout') },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    // The admin app opens in its own tab, as a separate application.
    if (key === '/admin') window.open('/admin', '_blank', 'noopener');
    else if (key === '/logout' && onLogout) onLogout();
    else void navigate(key);
  };

  return (
    <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['click']}>
      <button type="button" className="user-menu-trigger" aria-label={t('nav.userMenu')}>
        <Space size={6}>
          <Avatar size={30} src={user?.avatar || undefined} className="user-avatar">
            {username.slice(0, 1).toUpperCase()}
          </Avatar>
          {compact ? null : <span className="user-name">{username}</span>}
          <DownOutlined className="user-caret" />
        </Space>
      </button>
    </Dropdown>
  );
}
