import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createGroupProblem,
  getGroupProblem,
  getGroupProblemCases,
  getGroupTags,
  updateGroupProblem,
} from '../../api/group-problem';
import { LoadFailedResult } from '../../admin/common/editor/LoadFailedResult';
import { ProblemEditor, type ProblemEditTarget } from '../../admin/problem/ProblemEditPage';
import { PageLoading } from '../../components/PageLoading';
import { useGroupContext } from '../group/use-group';

/**
 * A group's problem editor (spec part 2 §2.2 GroupCreateProblem / GroupEditProblem): the admin
 * problem form in the group's scope, reading and saving through `/api/group/problem` (reference
 * §3.10), its id shown after the group's short name (which the server prepends), its cases uploaded
 * and checkers compiled with `gid`, its tags the group's; a save goes back to the admin mode.
 */
export function GroupProblemEditor({ gid, pid }: { gid: number; pid: number | null }) {
  const { t } = useTranslation();
  const { detail } = useGroupContext();
  const shortName = detail.data?.shortName;
  const target = useMemo<ProblemEditTarget | null>(
    () =>
      shortName === undefined
        ? null
        : {
            listPath: `/group/${gid}/problem?admin=1`,
            backLabel: t('groupProblem.admin.editorBack'),
            loadProblem: getGroupProblem,
            save: async (body, id) => {
              const inGroup = { ...body, problem: { ...body.problem, gid } };
              if (id) await updateGroupProblem(inGroup);
              else await createGroupProblem(inGroup);
            },
            scope: { kind: 'group', gid },
            pid,
            loadCases: getGroupProblemCases,
            loadTags: () => getGroupTags(gid),
            idPrefix: shortName,
          },
    [gid, pid, shortName, t],
  );
  if (detail.isError) {
    return (
      <LoadFailedResult
        title={t('groupProblem.list.loadFailed')}
        retryLabel={t('groupProblem.list.retry')}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  if (!target) return <PageLoading />;
  return (
    <div className="group-problem-editor">
      <ProblemEditor target={target} />
    </div>
  );
}
