import { Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SolvedProblem } from '../../api/user-home';
import { levelColor, levelKey } from '../problem/problem-utils';
import { solvedByDifficulty } from './heatmap-data';

const problemLink = (problemId: string) => (
  <Link key={problemId} to={`/problem/${encodeURIComponent(problemId)}`} className="user-home-problem">
    {problemId}
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
          <div className="user-home-problems">{group.problems.map((p) => problemLink(p.problemId))}</div>
        </section>
      ))}
    </div>
  );
}

/** Spec part 2 §2.6 "overcoming problems": tried and not yet solved. */
export function OvercomingProblems({ problemIds }: { problemIds: string[] }) {
  const { t } = useTranslation();
  if (problemIds.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('userHome.noOvercoming')} />;
  }
  return <div className="user-home-problems user-home-overcoming">{problemIds.map(problemLink)}</div>;
}
