import { useSession } from '../../store/session';
import { AuthButtons } from './AuthButtons';
import { UserMenu } from './UserMenu';

/** The right end of the top bar: the user menu when logged in, else Login / Register. */
export function AccountArea({ compact = false }: { compact?: boolean }) {
  const session = useSession();
  return session.token ? (
    <UserMenu user={session.userInfo} compact={compact} />
  ) : (
    <AuthButtons compact={compact} />
  );
}
