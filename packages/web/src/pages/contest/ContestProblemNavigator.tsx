import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getContestNavigatorProblems } from '../../api/contest';
import { MyStatusIcon } from '../problem/MyStatusIcon';
import { neighbours } from './problem-navigation';

/**
 * The footer of a contest problem in focus mode (spec part 1 §2): previous and next problem of the
 * contest, and a list of all of them with the user's status (reference §3.3
 * get-full-screen-problem-list).
 */
export function ContestProblemNavigator({ cid, problemID }: { cid: number; problemID: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: ['contest-navigator', cid],
    queryFn: () => getContestNavigatorProblems(cid),
    staleTime: 10_000,
  });
  const problems = list.data ?? [];
  const { previous, next } = neighbours(problems, problemID);
  const go = (id: string) => navigate(`/contest/${cid}/problem/${encodeURIComponent(id)}/full-screen`);

  return (
    <nav className="problem-navigator" aria-label={t('contest.navigator.label')}>
      <Button icon={<LeftOutlined />} disabled={!previous} onClick={() => previous && go(previous.problemId)}>
        {t('contest.navigator.previous')}
      </Button>
      <Select
        className="problem-navigator__select"
        value={problemID}
        loading={list.isPending}
        onChange={(id: string) => go(id)}
        aria-label={t('contest.navigator.choose')}
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
        {t('contest.navigator.next')} <RightOutlined />
      </Button>
    </nav>
  );
}
