import { DownOutlined } from '@ant-design/icons';
import type { UnreadMsgCount } from '@verdict/shared';
import { Avatar, Badge, Dropdown, Space, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MESSAGE_KINDS, MESSAGE_LISTS, unreadTotal } from '../../api/message';
import { isAdminRole, type UserInfo } from '../../store/session';

interface UserMenuProps {
  user: UserInfo | null;
  compact?: boolean;
  /** Replaces the user site's /logout page (the admin app signs out through its own call). */
  onLogout?: () => void;
  /** the unread messages (spec part 2 §2.4): a badge on the trigger and one entry per list */
  unread?: UnreadMsgCount;
}

/** Logged in: Home, Submissions, Setting, Management (admin roles), Logout (spec part 1 §2 "Shell"). */
export function UserMenu({ user, compact = false, onLogout, unread }: UserMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const username = user?.username ?? '';
  const total = unreadTotal(unread);

  const messageItems: MenuProps['items'] = unread
    ? [
        {
          type: 'group' as const,
          label: t('message.userMenu'),
          children: MESSAGE_KINDS.map((kind) => {
            const count = unread[MESSAGE_LISTS[kind].count];
            return {
              key: `/message/${kind}`,
              label: (
                <span className="user-menu-msg">
                  {t(`message.menu.${kind}`)}
                  {count > 0 && (
                    <span className="msg-count" data-kind={kind}>
                      {count > 99 ? '99+' : count}
                    </span>
                  )}
                </span>
              ),
            };
          }),
        },
        { type: 'divider' as const },
      ]
    : [];

  const items: MenuProps['items'] = [
    // Home opens the user's own page by name, so its address can be shared (spec part 2 §2.6).
    { key: `/user-home?username=${encodeURIComponent(username)}`, label: t('nav.userHome') },
    { key: '/status?onlyMine=true', label: t('nav.submissions') },
    { key: '/setting', label: t('nav.setting') },
    ...(isAdminRole(user) ? [{ key: '/admin', label: t('nav.management') }] : []),
    { type: 'divider' as const },
    ...messageItems,
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
      <button
        type="button"
        className="user-menu-trigger"
        aria-label={t('nav.userMenu')}
        data-unread={unread ? total : undefined}
        title={total > 0 ? t('message.unreadTotal', { count: total }) : undefined}
      >
        <Space size={6}>
          <Badge count={total} size="small" overflowCount={99} className="user-menu-badge">
            <Avatar size={30} src={user?.avatar || undefined} className="user-avatar">
              {username.slice(0, 1).toUpperCase()}
            </Avatar>
          </Badge>
          {compact ? null : <span className="user-name">{username}</span>}
          <DownOutlined className="user-caret" />
        </Space>
      </button>
    </Dropdown>
  );
}
