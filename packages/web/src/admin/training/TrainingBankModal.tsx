import { useTranslation } from 'react-i18next';
import type { addTrainingProblemFromPublic, getTrainingProblemList } from '../../api/admin-training';
import { toast } from '../../feedback/toast';
import { PublicBankModal } from '../common/PublicBankModal';

/**
 * "Add from the public bank" of a training (reference §3.12 get-problem-list with
 * queryExisted=false, then add-problem-from-public): public problems not yet in the training; a
 * problem's display id in the training is its own problem id (reference §4.5).
 */
export function TrainingBankModal({
  tid,
  open,
  onClose,
  onAdded,
  calls,
}: {
  tid: number;
  /** whose calls list and add the candidates (the site's or a group's) */
  calls: {
    fetchPage: typeof getTrainingProblemList;
    add: typeof addTrainingProblemFromPublic;
  };
  open: boolean;
  onClose: () => void;
  onAdded: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <PublicBankModal
      open={open}
      onClose={onClose}
      onAdded={onAdded}
      queryKey={['admin-training', 'candidates', tid]}
      fetchPage={(query) => calls.fetchPage({ ...query, tid, queryExisted: false })}
      staleTime={0}
      onAdd={async (row) => {
        await calls.add({ pid: row.id, tid, displayId: row.problemId });
        toast.success(t('adminTraining.problems.added'));
      }}
      addAriaLabel={(row) => `${t('adminTraining.problems.bankAdd')} ${row.problemId}`}
      pidWidth={70}
      texts={{
        title: t('adminTraining.problems.bankTitle'),
        hint: t('adminTraining.problems.bankHint'),
        search: t('adminTraining.problems.bankSearch'),
        empty: t('adminTraining.problems.bankEmpty'),
        add: t('adminTraining.problems.bankAdd'),
        columns: {
          pid: t('adminTraining.problems.pid'),
          problemId: t('adminTraining.problems.displayId'),
          title: t('adminTraining.problems.title'),
          author: t('adminTraining.problems.author'),
          actions: t('adminTraining.common.actions'),
        },
      }}
    />
  );
}
