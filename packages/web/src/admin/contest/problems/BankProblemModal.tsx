import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addProblemFromPublic,
  getContestProblemList,
  type ContestProblemList,
} from '../../../api/admin-contest';
import { toast } from '../../../feedback/toast';
import { PublicBankModal } from '../../common/PublicBankModal';
import { useContestText } from '../use-contest-text';
import { contestProblemErrors, nextDisplayId } from './contest-problem';

/**
 * "Add from the public bank" of a contest (reference §3.12 get-problem-list with problemType, then
 * add-problem-from-public): candidates of the contest's type; each Add uses the display id above
 * the table, which then moves on to the next free one.
 */
export function BankProblemModal({
  cid,
  contestType,
  takenIds,
  open,
  onClose,
  onAdded,
  calls,
}: {
  cid: number;
  /** whose calls list and add the candidates (a group's contest gives its own; the site's by default) */
  calls?: {
    fetchPage: (params: Parameters<typeof getContestProblemList>[0]) => Promise<ContestProblemList>;
    add: (body: { pid: number; cid: number; displayId: string }) => Promise<unknown>;
  };
  contestType: number;
  takenIds: string[];
  open: boolean;
  onClose: () => void;
  onAdded: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const text = useContestText();
  const [displayId, setDisplayId] = useState<string | null>(null);
  const shownId = displayId ?? nextDisplayId(takenIds);
  const idError = contestProblemErrors(
    { displayId: shownId, displayTitle: '-', color: null },
    takenIds,
  ).displayId;

  return (
    <PublicBankModal
      open={open}
      onClose={onClose}
      onAdded={onAdded}
      queryKey={['admin-contest', 'candidates', cid, contestType]}
      fetchPage={(query) =>
        (calls?.fetchPage ?? getContestProblemList)({ ...query, cid, problemType: contestType })
      }
      onAdd={async (row) => {
        await (calls?.add ?? addProblemFromPublic)({ pid: row.id, cid, displayId: shownId.trim() });
        toast.success(t('adminContest.problems.added'));
        setDisplayId(null);
      }}
      addBlocked={!!idError}
      addAriaLabel={(row) => `${t('adminContest.problems.bankAdd')} ${row.title}`}
      pidWidth={80}
      toolbarExtra={
        <Form.Item
          className="acn-inline-item"
          label={t('adminContest.problems.bankAddAs')}
          htmlFor="acn-bank-displayId"
          validateStatus={idError ? 'error' : undefined}
          help={idError ? text(idError, { displayId: shownId.trim() }) : undefined}
        >
          <Input
            id="acn-bank-displayId"
            value={shownId}
            style={{ width: 100 }}
            onChange={(event) => setDisplayId(event.target.value)}
          />
        </Form.Item>
      }
      texts={{
        title: t('adminContest.problems.bankTitle'),
        hint: t('adminContest.problems.addHint'),
        search: t('adminContest.problems.bankSearch'),
        empty: t('adminContest.problems.bankEmpty'),
        add: t('adminContest.problems.bankAdd'),
        columns: {
          pid: t('adminContest.problems.pid'),
          problemId: t('adminContest.problems.problemId'),
          title: t('adminContest.problems.title'),
          author: t('adminContest.problems.author'),
          actions: t('adminContest.common.actions'),
        },
      }}
    />
  );
}
