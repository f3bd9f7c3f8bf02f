import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { registerContest } from '../../api/contest';
import { PasswordGateForm } from '../../components/detail-shell/PasswordGateForm';
import { CONTEST_AUTH } from './contest-rules';
import { contestAccessKey } from './use-contest';

/**
 * Spec part 1 §2: the password form of private and protected contests. An empty password warns
 * 'Enter the contest password'; a right one registers the user (reference §3.6 register-contest)
 * and opens the tabs.
 */
export function ContestPasswordForm({
  cid,
  auth,
  onRegistered,
}: {
  cid: number;
  auth: number;
  onRegistered: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <PasswordGateForm
      className="contest-password"
      texts={{
        title: t('contest.password.title'),
        tips:
          auth === CONTEST_AUTH.private
            ? t('contest.password.privateTips')
            : t('contest.password.protectedTips'),
        empty: t('contest.password.empty'),
        registered: t('contest.password.registered'),
        placeholder: t('contest.password.placeholder'),
        label: t('contest.password.label'),
        enter: t('contest.password.enter'),
      }}
      register={(password) => registerContest(cid, password)}
      onRegistered={() => {
        queryClient.setQueryData(contestAccessKey(cid), { access: true });
        onRegistered();
      }}
    />
  );
}
