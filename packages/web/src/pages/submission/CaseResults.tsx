import { Collapse, Empty, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { CaseResultsView, CaseResultView, SubtaskResultView } from '../../api/submission';
import { formatMemory, formatTime, JudgeStatusTag } from '../../components/judge-status';

/**
 * The per-case results of a submission (spec part 1 §2 "Submission details", reference §3.4
 * get-all-case-result): a table of cases, or one panel per subtask with its cases.
 */
export function CaseResults({ results, isOi }: { results: CaseResultsView; isOi: boolean }) {
  const { t } = useTranslation();
  const showScore = isOi || (results.judgeCaseList ?? []).some((c) => c.score !== null);

  const columns: ColumnsType<CaseResultView> = [
    {
      key: 'seq',
      title: t('problem.cases.case'),
      width: 80,
      render: (_, row, index) => `#${row.seq ?? index + 1}`,
    },
    {
      key: 'status',
      title: t('problem.submission.status'),
      render: (_, row) => (row.status === null ? '--' : <JudgeStatusTag status={row.status} />),
    },
    ...(showScore
      ? [
          {
            key: 'score',
            title: t('problem.submission.score'),
            render: (_: unknown, row: CaseResultView) => row.score ?? '--',
          },
        ]
      : []),
    { key: 'time', title: t('problem.submission.time'), render: (_, row) => formatTime(row.time) },
    { key: 'memory', title: t('problem.submission.memory'), render: (_, row) => formatMemory(row.memory) },
    {
      key: 'message',
      title: t('problem.cases.message'),
      responsive: ['md'],
      render: (_, row) =>
        row.userOutput ? <span className="case-message">{row.userOutput}</span> : <span>--</span>,
    },
    ...(results.judgeCaseList?.some((c) => c.inputData) ||
    results.subTaskJudgeCaseVoList?.some((g) => g.subtaskDetailList.some((c) => c.inputData))
      ? [
          {
            key: 'files',
            title: t('problem.cases.files'),
            responsive: ['lg' as const],
            render: (_: unknown, row: CaseResultView) =>
              row.inputData ? `${row.inputData} / ${row.outputData ?? ''}` : '--',
          },
        ]
      : []),
  ];

  if (results.subTaskJudgeCaseVoList && results.subTaskJudgeCaseVoList.length > 0) {
    return (
      <Collapse
        className="case-subtasks"
        items={results.subTaskJudgeCaseVoList.map((group: SubtaskResultView) => ({
          key: String(group.groupNum),
          label: (
            <Space wrap size={[12, 4]} className="case-subtask__head">
              <strong>{t('problem.cases.subtask', { n: group.groupNum })}</strong>
              <JudgeStatusTag status={group.status} />
              <span>{t('problem.cases.subtaskScore', { score: group.score })}</span>
              <Tag>{t('problem.cases.passed', { ac: group.ac, total: group.total })}</Tag>
              <span className="case-subtask__numbers">
                {formatTime(group.time)} · {formatMemory(group.memory)}
              </span>
            </Space>
          ),
          children: (
            <Table<CaseResultView>
              rowKey={(row) => String(row.id ?? row.seq)}
              size="small"
              columns={columns}
              dataSource={group.subtaskDetailList}
              pagination={false}
              scroll={{ x: 'max-content' }}
            />
          ),
        }))}
      />
    );
  }
  if (!results.judgeCaseList || results.judgeCaseList.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('problem.cases.none')} />;
  }
  return (
    <Table<CaseResultView>
      className="case-table"
      rowKey={(row) => String(row.id ?? row.seq)}
      size="small"
      columns={columns}
      dataSource={results.judgeCaseList}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}
