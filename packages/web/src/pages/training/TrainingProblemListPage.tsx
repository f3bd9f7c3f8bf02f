import { useQuery } from '@tanstack/react-query';
import { Card, Progress, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { getTrainingProblems, type TrainingProblemRow } from '../../api/training';
import { acceptancePercent, acceptanceRate, progressColor } from '../../components/judge-status';
import { browserStorage } from '../../store/browser-storage';
import { MyStatusIcon } from '../problem/MyStatusIcon';
import { levelColor, levelKey } from '../problem/problem-utils';
import { MOBILE_QUERY, useMediaQuery } from '../problem/use-media-query';
import { trainingBasePath } from './training-rules';
import { trainingProblemsKey, useTrainingContext } from './use-training';
import '../problem/problem-common.css';

const SHOW_TAGS_KEY = 'trainingProblemListShowTags';

/**
 * The training's problem list (/training/:trainingID/problems, spec part 2 §2.1): the user's status
 * icon (the list's `myStatus`, reference §7.9), problem id, title, level, the tags behind a
 * toggle, and the AC rate with two decimals. A row opens the problem inside the training.
 */
export function TrainingProblemListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tid } = useTrainingContext();
  const base = trainingBasePath(tid, useParams().groupID);
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [showTags, setShowTags] = useState(() => browserStorage.get(SHOW_TAGS_KEY) === 'true');
  const problems = useQuery({
    queryKey: trainingProblemsKey(tid),
    queryFn: () => getTrainingProblems(tid),
    staleTime: 0,
  });

  const toggleTags = (on: boolean) => {
    setShowTags(on);
    browserStorage.set(SHOW_TAGS_KEY, String(on));
  };

  const columns: ColumnsType<TrainingProblemRow> = [
    {
      key: 'status',
      title: t('training.problems.status'),
      width: mobile ? 44 : 64,
      align: 'center',
      render: (_, row) => <MyStatusIcon status={row.myStatus} />,
    },
    {
      key: 'problemId',
      title: t('training.problems.id'),
      width: mobile ? 80 : 120,
      render: (_, row) => <span className="problem-list__id">{row.problemId}</span>,
    },
    {
      key: 'title',
      title: t('training.problems.title'),
      render: (_, row) => (
        <div>
          <span className="training-problems__title">{row.title}</span>
          {showTags && row.tags.length > 0 ? (
            <div className="training-problems__tags">
              {row.tags.map((tag) => (
                <Tag key={tag.id} color={tag.color ?? undefined}>
                  {tag.name}
                </Tag>
              ))}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      key: 'level',
      title: t('training.problems.level'),
      width: 104,
      render: (_, row) => (
        <Tag color={levelColor(row.difficulty)} className="level-tag">
          {t(`problem.level.${levelKey(row.difficulty)}`)}
        </Tag>
      ),
    },
    {
      key: 'acRate',
      title: t('training.problems.acRate'),
      width: mobile ? 80 : 180,
      render: (_, row) => {
        const percent = acceptancePercent(row.ac, row.total);
        return (
          <div className="training-problems__rate" data-testid="ac-rate">
            {mobile ? null : (
              <Progress
                percent={percent}
                showInfo={false}
                size="small"
                strokeColor={progressColor(percent)}
              />
            )}
            <span>{acceptanceRate(row.ac, row.total)}</span>
          </div>
        );
      },
    },
  ];

  return (
    <Card
      className="training-problems"
      extra={
        <label className="training-problems__switch">
          <Switch size="small" checked={showTags} onChange={toggleTags} />
          <span>{t('training.problems.showTags')}</span>
        </label>
      }
      title={t('training.tabs.problems')}
    >
      <Table<TrainingProblemRow>
        rowKey="pid"
        size="middle"
        columns={columns}
        dataSource={problems.data ?? []}
        loading={problems.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({
          onClick: () => navigate(`${base}/problem/${encodeURIComponent(row.problemId)}`),
          className: 'training-problems__row',
        })}
        locale={{
          emptyText: problems.isError ? t('training.problems.loadFailed') : t('training.problems.empty'),
        }}
      />
    </Card>
  );
}
