import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerTraining } from '../../api/training';
import { toast } from '../../feedback/toast';
import { trainingAccessKey, trainingDetailKey } from './use-training';

/**
 * Spec part 2 §2.1, §4: the password form of a private training. An empty password warns 'Enter
 * the training password'; a right one registers the user (reference §3.5 register-training, which
 * back-fills the user's records, §7.13), hides the form and opens the tabs.
 */
export function TrainingPasswordForm({ tid }: { tid: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (password === '') {
      toast.warning(t('training.password.empty'));
      return;
    }
    setBusy(true);
    try {
      await registerTraining(tid, password);
      toast.success(t('training.password.registered'));
      queryClient.setQueryData(trainingAccessKey(tid), { access: true });
      void queryClient.invalidateQueries({ queryKey: trainingDetailKey(tid) });
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="training-password" title={t('training.password.title')}>
      <p className="training-password__tips">{t('training.password.tips')}</p>
      <form
        className="training-password__form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Input.Password
          prefix={<LockOutlined />}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          placeholder={t('training.password.placeholder')}
          aria-label={t('training.password.label')}
          autoComplete="off"
        />
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('training.password.enter')}
        </Button>
      </form>
    </Card>
  );
}
