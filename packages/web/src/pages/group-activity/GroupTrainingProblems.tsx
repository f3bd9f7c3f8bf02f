import {
  addGroupTrainingProblemFromGroup,
  addGroupTrainingProblemFromPublic,
  getGroupTrainingProblemList,
  removeGroupTrainingProblem,
  updateGroupTrainingProblem,
} from '../../api/group-activity';
import { TrainingProblemsTable, type TrainingProblemCalls } from '../../admin/training/TrainingProblemsTable';
import { AddFromGroupButton } from './AddFromGroupButton';

/** reference §3.10 `/api/group/*training-problem*`. */
const GROUP_CALLS: TrainingProblemCalls = {
  list: getGroupTrainingProblemList,
  updateRank: updateGroupTrainingProblem,
  remove: removeGroupTrainingProblem,
  addFromPublic: addGroupTrainingProblemFromPublic,
};

/**
 * A group training's problems in the admin mode (spec part 2 §2.1 "Group training admin",
 * reference §3.10): the site's training problems table on the group's calls, with "Add From Group
 * Problem" (a group problem by its id) beside the public bank.
 */
export function GroupTrainingProblems({ tid }: { tid: number }) {
  return (
    <div data-testid="group-training-problems">
      <TrainingProblemsTable
        tid={tid}
        calls={GROUP_CALLS}
        queryKey={['group-training-problems', tid]}
        head={(refresh) => (
          <AddFromGroupButton
            withDisplayId={false}
            onAdd={async (problemId) => {
              await addGroupTrainingProblemFromGroup(problemId, tid);
              await refresh();
            }}
          />
        )}
      />
    </div>
  );
}
