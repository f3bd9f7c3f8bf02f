import { EditOutlined, OrderedListOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Radio, Select, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getTrainingCategories, getTrainingList, type TrainingVO } from '../../api/training';
import { isAuthenticated, isSuperAdmin, useSession } from '../../store/session';
import { MOBILE_QUERY, useMediaQuery } from '../problem/use-media-query';
import { requireLogin } from '../problem/require-login';
import { TrainingAuthTag, TrainingCategoryTag } from './TrainingTags';
import { TrainingProgress } from './TrainingProgress';
import {
  readTrainingQuery,
  TRAINING_AUTHS,
  TRAINING_PAGE_SIZE,
  writeTrainingQuery,
  type TrainingListQuery,
} from './training-rules';
import './training.css';

/**
 * The training list (/training, spec part 2 §2.1, reference §3.5): keyword, category and auth
 * filters kept in the query (a change goes back to page 1), the columns number (rank), title, auth,
 * category, progress (signed-in users only), problem count, author and recent update; 15 a page.
 * Opening a training while logged out warns and opens the login dialog. Super admins also get the
 * edit and problem-list buttons.
 */
export function TrainingListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = isAuthenticated(session);
  const superAdmin = isSuperAdmin(session.userInfo);
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [params, setParams] = useSearchParams();
  const query = readTrainingQuery(params);
  const [keyword, setKeyword] = useState(query.keyword);
  useEffect(() => setKeyword(query.keyword), [query.keyword]);

  const categories = useQuery({
    queryKey: ['training-categories'],
    queryFn: getTrainingCategories,
    staleTime: 60_000,
  });
  const list = useQuery({
    queryKey: ['training-list', query, signedIn],
    queryFn: () =>
      getTrainingList({
        currentPage: query.currentPage,
        limit: TRAINING_PAGE_SIZE,
        keyword: query.keyword || undefined,
        categoryId: query.categoryId,
        auth: query.auth,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const update = (change: Partial<TrainingListQuery>) =>
    setParams(writeTrainingQuery({ ...query, currentPage: 1, ...change }));

  const open = (training: TrainingVO) => {
    // spec part 2 §2.1: logged-out users get 'Please login first' and the login dialog
    if (!requireLogin()) return;
    navigate(`/training/${training.id}`, { state: { training } });
  };

  const columns: ColumnsType<TrainingVO> = [
    {
      key: 'rank',
      title: t('training.list.number'),
      dataIndex: 'rank',
      width: 72,
      align: 'center',
      responsive: ['sm'],
    },
    {
      key: 'title',
      title: t('training.list.name'),
      render: (_, row) => (
        <div className="training-list__title-cell">
          <Link
            className="training-list__title"
            to={`/training/${row.id}`}
            onClick={(e) => {
              e.preventDefault();
              open(row);
            }}
          >
            {row.title}
          </Link>
          {superAdmin ? (
            <Space size={0} className="training-list__admin">
              <Tooltip title={t('training.list.edit')}>
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`${t('training.list.edit')} ${row.title}`}
                  onClick={() => navigate(`/admin/training/${row.id}/edit`)}
                />
              </Tooltip>
              <Tooltip title={t('training.list.problems')}>
                <Button
                  type="text"
                  size="small"
                  icon={<OrderedListOutlined />}
                  aria-label={`${t('training.list.problems')} ${row.title}`}
                  onClick={() => navigate(`/admin/training/${row.id}/problems`)}
                />
              </Tooltip>
            </Space>
          ) : null}
        </div>
      ),
    },
    {
      key: 'auth',
      title: t('training.list.authColumn'),
      width: 100,
      render: (_, row) => <TrainingAuthTag auth={row.auth} />,
    },
    {
      key: 'category',
      title: t('training.list.categoryColumn'),
      width: 120,
      responsive: ['md'],
      render: (_, row) => <TrainingCategoryTag name={row.categoryName} color={row.categoryColor} />,
    },
    ...(signedIn
      ? [
          {
            key: 'progress',
            title: t('training.list.progress'),
            width: mobile ? 110 : 180,
            render: (_: unknown, row: TrainingVO) => (
              <TrainingProgress acCount={row.acCount} problemCount={row.problemCount} />
            ),
          },
        ]
      : []),
    {
      key: 'problemCount',
      title: t('training.list.problemCount'),
      dataIndex: 'problemCount',
      width: 90,
      align: 'center',
      responsive: ['md'],
    },
    {
      key: 'author',
      title: t('training.list.author'),
      dataIndex: 'author',
      width: 110,
      ellipsis: true,
      responsive: ['lg'],
    },
    {
      key: 'updated',
      title: t('training.list.updated'),
      width: 120,
      responsive: ['lg'],
      render: (_, row) => (
        <Tooltip title={dayjs(row.gmtModified).format('YYYY-MM-DD HH:mm:ss')}>
          <time dateTime={row.gmtModified}>{dayjs(row.gmtModified).format('YYYY-MM-DD')}</time>
        </Tooltip>
      ),
    },
  ];

  return (
    <Card className="training-list" title={t('training.list.title')}>
      <div className="training-filters" role="search">
        <div className="training-filters__group">
          <span className="training-filters__label">{t('training.list.authFilter')}</span>
          <Radio.Group
            size="small"
            optionType="button"
            value={query.auth ?? 'all'}
            onChange={(e) => {
              const value = e.target.value as string;
              update({ auth: TRAINING_AUTHS.find((a) => a === value) });
            }}
            options={[
              { value: 'all', label: t('training.list.all') },
              ...TRAINING_AUTHS.map((auth) => ({ value: auth, label: t(`training.auth.${auth}`) })),
            ]}
            aria-label={t('training.list.authFilter')}
          />
        </div>
        <label className="training-filters__group">
          <span className="training-filters__label">{t('training.list.category')}</span>
          <Select<number>
            className="training-filters__category"
            allowClear
            value={query.categoryId}
            placeholder={t('training.list.all')}
            loading={categories.isPending}
            onChange={(categoryId) => update({ categoryId: categoryId ?? undefined })}
            aria-label={t('training.list.category')}
            popupMatchSelectWidth={false}
            options={(categories.data ?? []).map((category) => ({
              value: category.id,
              label: (
                <span className="training-filters__option">
                  <span className="training-dot" style={{ background: category.color ?? '#d9d9d9' }} />
                  {category.name}
                </span>
              ),
              title: category.name ?? undefined,
            }))}
          />
        </label>
        <Input.Search
          className="training-filters__search"
          allowClear
          placeholder={t('training.list.keyword')}
          aria-label={t('training.list.keyword')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(value) => update({ keyword: value })}
        />
      </div>
      <Table<TrainingVO>
        className="training-list__table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ 'data-training-id': row.id }) as HTMLAttributes<HTMLElement>}
        pagination={{
          current: query.currentPage,
          pageSize: TRAINING_PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          simple: mobile,
          showTotal: (count) => t('training.list.total', { count }),
          onChange: (currentPage) => setParams(writeTrainingQuery({ ...query, currentPage })),
        }}
        locale={{ emptyText: t('training.list.empty') }}
      />
    </Card>
  );
}
