import { useQueryClient } from '@tanstack/react-query';
import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createGroupContestProblem } from '../../api/group-activity';
import { getContestProblem } from '../../api/admin-contest';
import { ContestProblemFields } from '../../admin/contest/problems/ContestProblemFields';
import { contestProblemErrors, type ContestProblemDraft } from '../../admin/contest/problems/contest-problem';
import { useContestText } from '../../admin/contest/use-contest-text';
import { ProblemEditor, type ProblemEditTarget } from '../../admin/problem/ProblemEditPage';
import '../../admin/contest/admin-contest.css';

/**
 * "Create" of a group contest's problem admin (spec part 2 §2.2 "Contest problem admin"): the
 * site's problem form with the contest's display id, title and colour on top, saved as a new
 * problem of the group, contest-only, in the contest (reference §3.10 POST /api/group/contest-problem).
 */
export function GroupContestProblemCreate({ cid, listPath }: { cid: number; listPath: string }) {
  const { t } = useTranslation();
  const text = useContestText();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ContestProblemDraft>({
    id: null,
    displayId: '',
    displayTitle: '',
    color: null,
  });
  const target: ProblemEditTarget = {
    listPath,
    backLabel: t('adminContest.problems.backToProblems'),
    loadProblem: getContestProblem,
    newAuth: 3,
    header: (submitted) => (
      <Card className="ap-section acn-contest-problem" title={t('adminContest.problems.contestSection')}>
        <ContestProblemFields
          draft={draft}
          onChange={setDraft}
          errors={submitted ? contestProblemErrors(draft) : {}}
          idPrefix="gcp"
        />
      </Card>
    ),
    ownErrors: () =>
      Object.values(contestProblemErrors(draft)).map((key) =>
        text(key, { displayId: draft.displayId.trim() }),
      ),
    save: async (body) => {
      await createGroupContestProblem({
        ...body,
        cid,
        displayId: draft.displayId.trim(),
        displayTitle: draft.displayTitle.trim(),
        color: draft.color,
      });
      await queryClient.invalidateQueries({ queryKey: ['group-contest-problems', cid] });
    },
  };
  return <ProblemEditor target={target} />;
}
