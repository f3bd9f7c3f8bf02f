import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { registerTraining } from '../../api/training';
import { PasswordGateForm } from '../../components/detail-shell/PasswordGateForm';
import { trainingAccessKey, trainingDetailKey } from './use-training';

/**
 * Spec part 2 §2.1, §4: the password form of a private training. An empty password warns 'Enter
 * the training password'; a right one registers the user (reference §3.5 register-training, which
 * back-fills the user's records, §7.13), hides the form and opens the tabs.
 */
export function TrainingPasswordForm({ tid }: { tid: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <PasswordGateForm
      className="training-password"
      texts={{
        title: t('training.password.title'),
        tips: t('training.password.tips'),
        empty: t('training.password.empty'),
        registered: t('training.password.registered'),
        placeholder: t('training.password.placeholder'),
        label: t('training.password.label'),
        enter: t('training.password.enter'),
      }}
      register={(password) => registerTraining(tid, password)}
      onRegistered={() => {
        queryClient.setQueryData(trainingAccessKey(tid), { access: true });
        void queryClient.invalidateQueries({ queryKey: trainingDetailKey(tid) });
      }}
    />
  );
}
