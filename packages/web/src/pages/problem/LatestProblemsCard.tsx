import { FileTextOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getRecentProblems } from '../../api/problem';
import { requireLogin } from './require-login';
import './latest-problems.css';

/** Spec part 1 §2 "Problem list" and "Home": the latest problems (`GET /api/get-recent-updated-problem`). */
export function LatestProblemsCard({ className = 'problem-side-card' }: { className?: string }) {
  const { t } = useTranslation();
  const { data, isPending } = useQuery({
    queryKey: ['recent-problems'],
    queryFn: getRecentProblems,
    staleTime: 60_000,
  });
  return (
    <Card
      className={`${className} latest-problems`}
      title={
        <span>
          <FileTextOutlined /> {t('problem.list.latest')}
        </span>
      }
    >
      {isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !data || data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ol className="latest-problems__list">
          {data.map((problem) => (
            <li key={problem.id}>
              <Link
                to={`/problem/${encodeURIComponent(problem.problemId)}`}
                onClick={(e) => {
                  if (!requireLogin()) e.preventDefault();
                }}
              >
                <span className="latest-problems__id">{problem.problemId}</span>
                <span className="latest-problems__title">{problem.title}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
