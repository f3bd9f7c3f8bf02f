import { Avatar, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Spec part 2 §2.3, §6: the role badges, SPA for root and ADM for the other admin roles. */
export function RoleBadge({ role }: { role: string | null | undefined }) {
  const { t } = useTranslation();
  if (role !== 'root' && role !== 'admin' && role !== 'problem_admin') return null;
  const root = role === 'root';
  return (
    <Tooltip title={t(root ? 'discussion.roles.rootTip' : 'discussion.roles.adminTip')}>
      <Tag
        className={`role-badge role-badge--${root ? 'root' : 'admin'}`}
        color={root ? 'magenta' : 'geekblue'}
        data-testid="role-badge"
      >
        {t(root ? 'discussion.roles.root' : 'discussion.roles.admin')}
      </Tag>
    </Tooltip>
  );
}

export interface BylineUser {
  name: string;
  avatar: string | null;
  role?: string | null;
  titleName?: string | null;
  titleColor?: string | null;
}

/** Avatar, name (to the user's home), the user's title and role badge. */
export function UserByline({ user, size = 32 }: { user: BylineUser; size?: number }) {
  return (
    <span className="user-byline">
      <Avatar size={size} src={user.avatar || undefined} className="user-byline__avatar">
        {user.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Link
        className="user-byline__name"
        to={`/user-home?username=${encodeURIComponent(user.name)}`}
        data-testid="author-name"
      >
        {user.name}
      </Link>
      {user.titleName ? (
        <Tag color={user.titleColor || undefined} className="user-byline__title">
          {user.titleName}
        </Tag>
      ) : null}
      <RoleBadge role={user.role} />
    </span>
  );
}
