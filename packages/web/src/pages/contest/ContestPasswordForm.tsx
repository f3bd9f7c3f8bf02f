import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerContest } from '../../api/contest';
import { toast } from '../../feedback/toast';
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
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (password === '') {
      toast.warning(t('contest.password.empty'));
      return;
    }
    setBusy(true);
    try {
      await registerContest(cid, password);
      toast.success(t('contest.password.registered'));
      queryClient.setQueryData(contestAccessKey(cid), { access: true });
      onRegistered();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="contest-password" title={t('contest.password.title')}>
      <p className="contest-password__tips">
        {auth === CONTEST_AUTH.private
          ? t('contest.password.privateTips')
          : t('contest.password.protectedTips')}
      </p>
      <form
        className="contest-password__form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Input.Password
          prefix={<LockOutlined />}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          placeholder={t('contest.password.placeholder')}
          aria-label={t('contest.password.label')}
          autoComplete="off"
        />
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('contest.password.enter')}
        </Button>
      </form>
    </Card>
  );
}
