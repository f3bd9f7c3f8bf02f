import { Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SolvedProblem } from '../../api/user-home';
import { levelColor, levelKey } from '../problem/problem-utils';
import { solvedByDifficulty } from './heatmap-data';

const problemLink = (problem: SolvedProblem) => (
  <Link
    key={problem.problemId}
    to={`/problem/${encodeURIComponent(problem.problemId)}`}
    className="user-home-problem"
    title={problem.title}
  >
    {problem.problemId}
  </Link>
);

/** Spec part 2 §2.6: the solved problems, one group per difficulty, easiest first. */
export function SolvedProblems({ groups }: { groups: Record<string, SolvedProblem[]> | null | undefined }) {
  const { t } = useTranslation();
  const sorted = solvedByDifficulty(groups);
  if (sorted.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('userHome.noSolved')} />;
  }
  return (
    <div className="user-home-solved">
      {sorted.map((group) => (
        <section
          key={group.difficulty}
          className="user-home-solved__group"
          data-difficulty={group.difficulty}
        >
          <Tag color={levelColor(group.difficulty)} className="user-home-solved__level">
            {t(`problem.level.${levelKey(group.difficulty)}`)} · {group.problems.length}
          </Tag>
          <div className="user-home-problems">{group.problems.map(problemLink)}</div>
        </section>
      ))}
    </div>
  );
}

/** Spec part 2 §2.6 "overcoming problems": tried and not yet solved. */
export function OvercomingProblems({ problems }: { problems: SolvedProblem[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('userHome.noOvercoming')} />;
  }
  return <div className="user-home-problems user-home-overcoming">{problems.map(problemLink)}</div>;
}
