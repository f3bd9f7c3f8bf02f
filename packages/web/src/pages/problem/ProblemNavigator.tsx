import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Select } from 'antd';
import { useNavigate } from 'react-router';
import type { NavigatorProblem } from '../../api/contest';
import { neighbours } from '../contest/problem-navigation';
import { MyStatusIcon } from './MyStatusIcon';

export interface ProblemNavigatorProps {
  problemID: string;
  queryKey: readonly unknown[];
  /** reference §3.3 get-full-screen-problem-list with the contest's `cid` or the training's `tid` */
  load: () => Promise<NavigatorProblem[]>;
  /** the focus-mode page of a problem, by its display id */
  pathOf: (problemId: string) => string;
  labels: { label: string; previous: string; next: string; choose: string };
}

/**
 * The footer of a problem in focus mode (spec part 1 §2, part 2 §2.1): previous and next problem of
 * the contest or training, and a list of all of them with the user's status.
 */
export function ProblemNavigator({ problemID, queryKey, load, pathOf, labels }: ProblemNavigatorProps) {
  const navigate = useNavigate();
  const list = useQuery({ queryKey, queryFn: load, staleTime: 10_000 });
  const problems = list.data ?? [];
  const { previous, next } = neighbours(problems, problemID);
  const go = (id: string) => navigate(pathOf(id));

  return (
    <nav className="problem-navigator" aria-label={labels.label}>
      <Button icon={<LeftOutlined />} disabled={!previous} onClick={() => previous && go(previous.problemId)}>
        {labels.previous}
      </Button>
      <Select
        className="problem-navigator__select"
        value={problemID}
        loading={list.isPending}
        onChange={(id: string) => go(id)}
        aria-label={labels.choose}
        popupMatchSelectWidth={false}
        options={problems.map((p) => ({
          value: p.problemId,
          label: (
            <span className="problem-navigator__option">
              <MyStatusIcon status={p.status} /> {p.problemId}. {p.title}
            </span>
          ),
        }))}
      />
      <Button disabled={!next} onClick={() => next && go(next.problemId)}>
        {labels.next} <RightOutlined />
      </Button>
    </nav>
  );
}
