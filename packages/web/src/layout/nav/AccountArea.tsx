import { useSession } from '../../store/session';
import { AuthButtons } from './AuthButtons';
import { UserMenu } from './UserMenu';
import { useUnreadCounts, useUnreadPush } from './use-unread-counts';

/** The right end of the top bar: the user menu (with the unread messages) when logged in, else Login / Register. */
export function AccountArea({ compact = false }: { compact?: boolean }) {
  const session = useSession();
  const unread = useUnreadCounts();
  useUnreadPush();
  return session.token ? (
    <UserMenu user={session.userInfo} compact={compact} unread={unread} />
  ) : (
    <AuthButtons compact={compact} />
  );
}
