import { DeleteOutlined, EditOutlined, OrderedListOutlined } from '@ant-design/icons';
import { Button, Card, Input, Popconfirm, Space, Switch, Table, Tooltip, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  changeTrainingStatus,
  deleteTraining,
  getAdminTrainingList,
  type AdminTraining,
} from '../../api/admin-training';
import { toast } from '../../feedback/toast';
import { useIsMobile } from '../../layout/use-is-mobile';
import { TrainingAuthTag } from '../../pages/training/TrainingTags';
import { useSession } from '../../store/session';
import { adminPager } from '../common/admin-pager';
import { CrudPageHead } from '../common/CrudPageHead';
import { useCrudList } from '../common/use-crud-list';
import { trainingPaths } from './paths';
import { mayDeleteTraining, mayManageTraining } from './permissions';
import '../problem/admin-problem.css';

const PAGE_SIZE = 10;

type Row = AdminTraining;

/**
 * /admin/training (spec part 2 §2.7, reference §3.12 "Trainings"): the trainings with a keyword
 * search, the visible switch (saved at once, spec part 2 §4), and per row edit, problems and delete
 * (root only). Another admin's training is shown with its buttons disabled.
 */
export function TrainingListPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const { userInfo } = useSession();
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const list = useCrudList<Row>(
    ['admin-training', 'list', keyword],
    (currentPage, limit) => getAdminTrainingList({ currentPage, limit, keyword: keyword || undefined }),
    PAGE_SIZE,
  );

  /** Runs one row action with its spinner; the client has shown a refusal's message already. */
  const act = async (key: string, action: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await action();
      toast.success(done);
      await list.refresh();
    } catch {
      // shown by the client
    } finally {
      setBusy(null);
    }
  };

  const columns: TableColumnsType<Row> = [
    { title: t('adminTraining.list.id'), dataIndex: 'id', width: 70 },
    { title: t('adminTraining.list.rank'), dataIndex: 'rank', width: 80, responsive: ['lg'] },
    {
      title: t('adminTraining.list.title'),
      dataIndex: 'title',
      ellipsis: true,
      render: (title: string, row) =>
        mayManageTraining(userInfo, row.author) ? (
          <Link to={trainingPaths.edit(row.id)}>{title}</Link>
        ) : (
          title
        ),
    },
    {
      title: t('adminTraining.list.auth'),
      dataIndex: 'auth',
      width: 100,
      render: (_, row) => <TrainingAuthTag auth={row.auth} />,
    },
    {
      title: t('adminTraining.list.visible'),
      dataIndex: 'status',
      width: 80,
      render: (status: boolean, row) => (
        <Switch
          size="small"
          checked={status}
          loading={busy === `status-${row.id}`}
          disabled={!mayManageTraining(userInfo, row.author)}
          aria-label={`${t('adminTraining.list.visible')} ${row.title}`}
          onChange={(next) =>
            void act(
              `status-${row.id}`,
              () => changeTrainingStatus(row.id, row.author, next),
              t('adminTraining.common.updated'),
            )
          }
        />
      ),
    },
    {
      title: t('adminTraining.list.author'),
      dataIndex: 'author',
      width: 110,
      ellipsis: true,
      responsive: ['lg'],
    },
    {
      title: t('adminTraining.list.updated'),
      dataIndex: 'gmtModified',
      width: 150,
      responsive: ['xl'],
      render: (value: string | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—'),
    },
    {
      title: t('adminTraining.common.actions'),
      key: 'actions',
      width: 130,
      render: (_, row) => {
        const mine = mayManageTraining(userInfo, row.author);
        const tip = mine ? undefined : t('adminTraining.list.notYours');
        const root = mayDeleteTraining(userInfo);
        return (
          <Space size={0}>
            <Tooltip title={tip ?? t('adminTraining.common.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={`${t('adminTraining.common.edit')} ${row.title}`}
                disabled={!mine}
                onClick={() => void navigate(trainingPaths.edit(row.id))}
              />
            </Tooltip>
            <Tooltip title={tip ?? t('adminTraining.list.problems')}>
              <Button
                type="text"
                icon={<OrderedListOutlined />}
                aria-label={`${t('adminTraining.list.problems')} ${row.title}`}
                disabled={!mine}
                onClick={() => void navigate(trainingPaths.problems(row.id))}
              />
            </Tooltip>
            <Popconfirm
              title={t('adminTraining.list.deleteConfirm', { title: row.title })}
              okText={t('adminTraining.common.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('adminTraining.common.cancel')}
              onConfirm={() =>
                act(`delete-${row.id}`, () => deleteTraining(row.id), t('adminTraining.common.deleted'))
              }
              disabled={!root}
              overlayStyle={{ maxWidth: 360 }}
            >
              <Button
                // a title, not a tooltip: a tooltip would lie over the confirmation's buttons
                title={root ? t('adminTraining.common.delete') : t('adminTraining.list.deleteRootOnly')}
                type="text"
                danger
                icon={<DeleteOutlined />}
                loading={busy === `delete-${row.id}`}
                aria-label={`${t('adminTraining.common.delete')} ${row.title}`}
                disabled={!root}
              />
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  const { rows, loading, page, total, onPage } = list.table;
  return (
    <div className="ap-page">
      <CrudPageHead
        title={t('title.adminTrainingList')}
        refreshLabel={t('adminTraining.common.refresh')}
        fetching={list.fetching}
        onRefresh={() => void list.refresh()}
        create={{ label: t('adminTraining.list.create'), onClick: () => void navigate(trainingPaths.create) }}
      />
      <Card>
        <div className="ap-toolbar">
          <Input.Search
            className="ap-search"
            allowClear
            placeholder={t('adminTraining.list.search')}
            aria-label={t('adminTraining.list.search')}
            onSearch={(value) => {
              setKeyword(value.trim());
              onPage(1);
            }}
          />
        </div>
        <Table<Row>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={loading}
          scroll={{ x: 560 }}
          pagination={{
            ...adminPager({ page, pageSize: PAGE_SIZE, total, onPage }, isMobile),
            showTotal: (count) => t('adminTraining.common.total', { count }),
          }}
          locale={{ emptyText: t('adminTraining.list.empty') }}
        />
      </Card>
    </div>
  );
}
