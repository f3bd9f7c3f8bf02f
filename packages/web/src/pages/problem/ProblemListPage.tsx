import { ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProblemListRow } from '@verdict/shared';
import { Button, Card, Col, Input, Popover, Progress, Row, Select, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getProblemList, getRandomProblem, type ProblemListParams } from '../../api/problem';
import { acceptancePercent, acceptanceRate, progressColor } from '../../components/judge-status';
import { toast } from '../../feedback/toast';
import { browserStorage } from '../../store/browser-storage';
import { isAuthenticated, isSuperAdmin, useSession } from '../../store/session';
import { LatestProblemsCard } from './LatestProblemsCard';
import { MyStatusIcon } from './MyStatusIcon';
import {
  BANKS,
  LEVEL_KEYS,
  levelColor,
  levelKey,
  parseTagIds,
  positiveInt,
  tagNamespaceOfBank,
} from './problem-utils';
import { requireLogin } from './require-login';
import { StatusDistribution } from './StatusDistribution';
import { TagFilterCard } from './TagFilterCard';
import { MOBILE_QUERY, useMediaQuery } from './use-media-query';
import './problem-common.css';
import './problem-list.css';

/** Spec part 1 §9: the problem list shows 30 a page; the general options otherwise. */
const PAGE_SIZE = 30;
const PAGE_SIZES = [10, 15, 30, 50, 100];
const SHOW_TAGS_KEY = 'problemListShowTags';

interface ListQuery {
  keyword: string;
  difficulty: number | undefined;
  oj: string;
  tagId: number[];
  currentPage: number;
  limit: number;
  auth: number | undefined;
}

function readQuery(params: URLSearchParams): ListQuery {
  const difficulty = params.get('difficulty');
  const auth = params.get('auth');
  return {
    keyword: params.get('keyword') ?? '',
    difficulty: difficulty !== null && /^[0-5]$/.test(difficulty) ? Number(difficulty) : undefined,
    oj: params.get('oj') || 'All',
    tagId: parseTagIds(params.get('tagId')),
    currentPage: positiveInt(params.get('currentPage'), 1),
    limit: positiveInt(params.get('limit'), PAGE_SIZE),
    auth: auth !== null && /^[1-3]$/.test(auth) ? Number(auth) : undefined,
  };
}

/** The query string of a list query; empty values and defaults are dropped. */
function writeQuery(query: ListQuery): URLSearchParams {
  const next = new URLSearchParams();
  if (query.keyword.trim()) next.set('keyword', query.keyword.trim());
  if (query.difficulty !== undefined) next.set('difficulty', String(query.difficulty));
  if (query.oj && query.oj !== 'All') next.set('oj', query.oj);
  if (query.tagId.length > 0) next.set('tagId', JSON.stringify(query.tagId));
  if (query.currentPage > 1) next.set('currentPage', String(query.currentPage));
  if (query.limit !== PAGE_SIZE) next.set('limit', String(query.limit));
  if (query.auth !== undefined) next.set('auth', String(query.auth));
  return next;
}

/**
 * Spec part 1 §2 "Problem list" (/problem): bank, level, tag, keyword and (super admin) auth
 * filters kept in the query string, a random pick, the show-tags switch, the user's status per row
 * and the status distribution on hover, 30 a page, with the tag filter and the latest problems
 * beside.
 */
export function ProblemListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const superAdmin = isSuperAdmin(session.userInfo);
  const signedIn = isAuthenticated(session);
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const [keyword, setKeyword] = useState(query.keyword);
  const [showTags, setShowTags] = useState(() => browserStorage.get(SHOW_TAGS_KEY) !== 'false');
  const [picking, setPicking] = useState(false);
  const mobile = useMediaQuery(MOBILE_QUERY);

  useEffect(() => setKeyword(query.keyword), [query.keyword]);

  const request: ProblemListParams = {
    currentPage: query.currentPage,
    limit: query.limit,
    keyword: query.keyword || undefined,
    difficulty: query.difficulty,
    oj: query.oj === 'All' ? undefined : query.oj,
    tagId: query.tagId,
    auth: superAdmin ? query.auth : undefined,
  };
  const list = useQuery({
    queryKey: ['problem-list', request, session.token !== ''],
    queryFn: () => getProblemList(request),
    placeholderData: keepPreviousData,
  });

  /** Any filter change goes back to page 1 (spec part 1 §2). */
  const update = (patch: Partial<ListQuery>, keepPage = false) => {
    const next = { ...query, ...patch };
    if (!keepPage) next.currentPage = patch.currentPage ?? 1;
    setParams(writeQuery(next));
  };

  const reset = () => {
    setKeyword('');
    setParams(new URLSearchParams());
  };

  const pickOne = async () => {
    if (!requireLogin()) return;
    setPicking(true);
    try {
      const { problemId } = await getRandomProblem();
      toast.success(t('problem.list.goodLuck'));
      navigate(`/problem/${encodeURIComponent(problemId)}`);
    } catch {
      // the client has shown the error
    } finally {
      setPicking(false);
    }
  };

  const toggleTags = (on: boolean) => {
    setShowTags(on);
    browserStorage.set(SHOW_TAGS_KEY, String(on));
  };

  const columns: ColumnsType<ProblemListRow> = [];
  if (signedIn) {
    columns.push({
      key: 'myStatus',
      width: mobile ? 36 : 48,
      align: 'center',
      title: '',
      render: (_, row) => <MyStatusIcon status={row.myStatus} />,
    });
  }
  columns.push(
    {
      key: 'problemId',
      dataIndex: 'problemId',
      title: t('problem.list.id'),
      width: mobile ? 76 : 110,
      render: (value: string) => <span className="problem-list__id">{value}</span>,
    },
    {
      key: 'title',
      title: t('problem.list.problemTitle'),
      render: (_, row) => (
        <div className="problem-list__title-cell">
          <Link
            className="problem-list__title"
            to={`/problem/${encodeURIComponent(row.problemId)}`}
            onClick={(e) => {
              // spec part 1 §2: opening a problem when logged out warns and opens the login dialog
              if (!requireLogin()) e.preventDefault();
            }}
          >
            {row.title}
          </Link>
          {row.auth !== 1 ? (
            <Tag color={row.auth === 2 ? 'red' : 'orange'} className="problem-list__auth">
              {t(row.auth === 2 ? 'problem.list.authHidden' : 'problem.list.authContest')}
            </Tag>
          ) : null}
          {showTags && row.tags.length > 0 ? (
            <div className="problem-list__tags">
              {row.tags.map((tag) => (
                <Tag
                  key={tag.id}
                  color={tag.color ?? undefined}
                  className="problem-list__tag"
                  onClick={() => {
                    if (!query.tagId.includes(tag.id)) update({ tagId: [...query.tagId, tag.id] });
                  }}
                >
                  {tag.name}
                </Tag>
              ))}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      key: 'difficulty',
      dataIndex: 'difficulty',
      title: t('problem.list.level'),
      width: 104,
      render: (value: number) => (
        <Tag color={levelColor(value)} className="level-tag">
          {t(`problem.level.${levelKey(value)}`)}
        </Tag>
      ),
    },
    {
      key: 'total',
      dataIndex: 'total',
      title: t('problem.list.total'),
      width: 80,
      align: 'right',
      responsive: ['md'],
    },
    {
      key: 'acRate',
      title: t('problem.list.acRate'),
      width: mobile ? 76 : 170,
      render: (_, row) => {
        const percent = acceptancePercent(row.ac, row.total);
        return (
          <Popover
            placement={mobile ? 'top' : 'left'}
            trigger={['hover', 'focus']}
            content={<StatusDistribution counts={row} isOi={row.type === 1} />}
            title={`${row.problemId} ${row.title}`}
          >
            <div className="problem-list__rate" tabIndex={0} data-testid="ac-rate">
              {mobile ? null : (
                <Progress
                  percent={percent}
                  showInfo={false}
                  size="small"
                  strokeColor={progressColor(percent)}
                />
              )}
              <span className="problem-list__rate-text">{acceptanceRate(row.ac, row.total)}</span>
            </div>
          </Popover>
        );
      },
    },
  );

  const levelOptions = [
    { value: -1, label: t('problem.list.allLevels') },
    ...LEVEL_KEYS.map((key, i) => ({ value: i, label: t(`problem.level.${key}`) })),
  ];
  const bankOptions = [
    { value: 'All', label: t('problem.list.allBanks') },
    { value: 'Mine', label: t('problem.list.myBank') },
    ...BANKS.map((bank) => ({ value: bank.value, label: bank.label })),
  ];

  return (
    <div className="problem-list-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={18}>
          <Card className="problem-list-card" title={t('problem.list.title')}>
            <div className="problem-filters" role="search">
              <label className="problem-filters__item">
                <span className="problem-filters__label">{t('problem.list.bank')}</span>
                <Select
                  value={query.oj}
                  options={bankOptions}
                  onChange={(oj: string) => update({ oj, tagId: [] })}
                  popupMatchSelectWidth={false}
                  className="problem-filters__select"
                  aria-label={t('problem.list.bank')}
                />
              </label>
              <label className="problem-filters__item">
                <span className="problem-filters__label">{t('problem.list.level')}</span>
                <Select
                  value={query.difficulty ?? -1}
                  options={levelOptions}
                  onChange={(value: number) => update({ difficulty: value < 0 ? undefined : value })}
                  popupMatchSelectWidth={false}
                  className="problem-filters__select"
                  aria-label={t('problem.list.level')}
                />
              </label>
              {superAdmin ? (
                <label className="problem-filters__item">
                  <span className="problem-filters__label">{t('problem.list.auth')}</span>
                  <Select
                    value={query.auth ?? 1}
                    options={[
                      { value: 1, label: t('problem.list.authPublic') },
                      { value: 2, label: t('problem.list.authHidden') },
                      { value: 3, label: t('problem.list.authContest') },
                    ]}
                    onChange={(value: number) => update({ auth: value === 1 ? undefined : value })}
                    popupMatchSelectWidth={false}
                    className="problem-filters__select"
                    aria-label={t('problem.list.auth')}
                  />
                </label>
              ) : null}
              <Input.Search
                className="problem-filters__search"
                allowClear
                placeholder={t('problem.list.keyword')}
                aria-label={t('problem.list.keyword')}
                value={keyword}
                onChange={(e) => setKeyword(e.target.value)}
                onSearch={(value) => update({ keyword: value })}
              />
              <div className="problem-filters__actions">
                <Button icon={<ReloadOutlined />} onClick={reset}>
                  {t('problem.list.reset')}
                </Button>
                <Button
                  type="primary"
                  ghost
                  icon={<ThunderboltOutlined />}
                  loading={picking}
                  onClick={pickOne}
                >
                  {t('problem.list.pickOne')}
                </Button>
                <label className="problem-filters__switch">
                  <Switch size="small" checked={showTags} onChange={toggleTags} />
                  <span>{t('problem.list.showTags')}</span>
                </label>
              </div>
            </div>
            <Table<ProblemListRow>
              className="problem-list-table"
              rowKey="pid"
              size="middle"
              columns={columns}
              dataSource={list.data?.records ?? []}
              loading={list.isFetching}
              scroll={{ x: 'max-content' }}
              pagination={{
                current: query.currentPage,
                pageSize: query.limit,
                total: list.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: PAGE_SIZES,
                showTotal: (total) => t('problem.common.total', { total }),
                onChange: (currentPage, limit) =>
                  limit !== query.limit ? update({ limit, currentPage: 1 }) : update({ currentPage }, true),
              }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={6}>
          <div className="problem-side">
            <TagFilterCard
              namespace={tagNamespaceOfBank(query.oj)}
              selected={query.tagId}
              onChange={(tagId) => update({ tagId })}
            />
            <LatestProblemsCard />
          </div>
        </Col>
      </Row>
    </div>
  );
}
