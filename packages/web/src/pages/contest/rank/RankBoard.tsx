import { DownloadOutlined, PushpinOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Input, Switch, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { HTMLAttributes, ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  downloadContestRank,
  type RankFileFormat,
  type RankRow,
  type ScoreboardProblem,
} from '../../../api/contest-rank';
import { useSession } from '../../../store/session';
import { CONTEST_TYPE } from '../contest-rules';
import { acmColumns, oiColumns, type ColumnContext } from './board-columns';
import {
  peopleOnBoard,
  pinnedOnPage,
  pinnedRole,
  RANK_PAGE_SIZES,
  RANK_REFRESH_MS,
  rankRowClasses,
} from './board-rules';
import { useRankBoard, type BoardSource } from './use-rank-board';
import './rank.css';

export interface RankBoardProps {
  cid: number;
  /** 0 ACM, 1 OI */
  type: number;
  source: BoardSource;
  problems: ScoreboardProblem[];
  rankShowName: string | null | undefined;
  ended: boolean;
  containsEnd: boolean;
  /** contest admin: force update, star-user switch and the download (spec part 1 §2) */
  admin: boolean;
  /** offered to everyone on the public board, to admins inside the contest (spec part 1 §2) */
  starSwitch: boolean;
  problemLink?: (displayId: string) => string;
  /** above the board: the sealed notice */
  notice?: (forceRefresh: boolean) => ReactNode;
  /** more buttons in the tool bar (the scroll board's) */
  extraTools?: ReactNode;
}

/**
 * The scoreboard (spec part 1 §2 "Contest rank"; reference §9): the tool bar (search by name or
 * school, the switches, refresh, download) over the board, the rank and user columns fixed on the
 * left so a narrow screen scrolls the problems under them, and the pager (10/30/50/100/300).
 */
export function RankBoard(props: RankBoardProps) {
  const { t } = useTranslation();
  const session = useSession();
  const state = useRankBoard<RankRow>({
    cid: props.cid,
    source: props.source,
    ended: props.ended,
    containsEnd: props.containsEnd,
  });
  const [search, setSearch] = useState('');
  const [downloading, setDownloading] = useState(false);
  const pinnedHere = pinnedOnPage(state.pinned, state.currentPage, state.limit);
  const roleOf = (row: RankRow) => pinnedRole(state.rows.indexOf(row), pinnedHere);
  const ctx: ColumnContext = {
    t,
    problems: props.problems,
    rankShowName: props.rankShowName,
    concerned: state.concerned.set,
    toggleConcerned: state.concerned.toggle,
    problemLink: props.problemLink,
    isPinned: (row) => roleOf(row) !== null,
  };
  const columns = (
    props.type === CONTEST_TYPE.oi ? oiColumns(ctx) : acmColumns(ctx)
  ) as TableColumnsType<RankRow>;
  const ownUid = session.userInfo?.uid ?? null;

  const download = async (format: RankFileFormat) => {
    setDownloading(true);
    try {
      await downloadContestRank({
        cid: props.cid,
        forceRefresh: state.forceRefresh,
        removeStar: !state.showStar,
        containEnd: props.containsEnd,
        format,
      });
    } catch {
      // the client has shown the failure
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="rank-board" data-board-type={props.type === CONTEST_TYPE.oi ? 'oi' : 'acm'}>
      {props.notice?.(state.forceRefresh)}
      <div className="rank-toolbar">
        <Input.Search
          className="rank-toolbar__search"
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => state.search(value)}
          placeholder={t('contestRank.searchPlaceholder')}
          aria-label={t('contestRank.searchPlaceholder')}
        />
        <div className="rank-toolbar__switches">
          <label className="rank-switch">
            <Switch
              size="small"
              checked={state.autoRefresh}
              disabled={props.ended}
              onChange={state.setAutoRefresh}
              aria-label={t('contestRank.autoRefresh', { seconds: RANK_REFRESH_MS / 1000 })}
            />
            <span>{t('contestRank.autoRefresh', { seconds: RANK_REFRESH_MS / 1000 })}</span>
          </label>
          {props.starSwitch || props.admin ? (
            <label className="rank-switch">
              <Switch
                size="small"
                checked={state.showStar}
                onChange={state.setShowStar}
                aria-label={t('contestRank.starUsers')}
              />
              <span>{t('contestRank.starUsers')}</span>
            </label>
          ) : null}
          {props.admin ? (
            <label className="rank-switch">
              <Switch
                size="small"
                checked={state.forceRefresh}
                onChange={state.setForceRefresh}
                aria-label={t('contestRank.forceUpdate')}
              />
              <span>{t('contestRank.forceUpdate')}</span>
            </label>
          ) : null}
        </div>
        <div className="rank-toolbar__actions">
          <Tooltip title={t('contestRank.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              onClick={state.refresh}
              loading={state.board.isFetching}
              aria-label={t('contestRank.refresh')}
            />
          </Tooltip>
          {props.admin && props.source === 'contest' ? (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'xlsx', label: t('contestRank.downloadXlsx') },
                  { key: 'csv', label: t('contestRank.downloadCsv') },
                ],
                onClick: ({ key }) => void download(key as RankFileFormat),
              }}
            >
              <Button icon={<DownloadOutlined />} loading={downloading}>
                {t('contestRank.download')}
              </Button>
            </Dropdown>
          ) : null}
          {props.extraTools}
        </div>
      </div>
      <div className="rank-status" aria-live="polite">
        {state.board.isError ? (
          <Typography.Text type="warning" className="rank-refresh-failed">
            {t('contestRank.refreshFailed')}
          </Typography.Text>
        ) : state.board.dataUpdatedAt > 0 ? (
          <Typography.Text type="secondary" className="rank-updated">
            {t('contestRank.updatedAt', { time: dayjs(state.board.dataUpdatedAt).format('HH:mm:ss') })}
          </Typography.Text>
        ) : null}
      </div>
      {pinnedHere > 0 ? (
        <Typography.Text type="secondary" className="rank-pinned-note" data-testid="rank-pinned-note">
          <PushpinOutlined aria-hidden /> {t('contestRank.pinnedNote', { count: pinnedHere })}
        </Typography.Text>
      ) : null}
      <Table<RankRow>
        className="rank-table"
        size="small"
        bordered
        columns={columns}
        dataSource={state.rows}
        // The current user's and followed users' rows come twice (reference §9.6): keys by position.
        rowKey={(row) => `${state.rows.indexOf(row)}-${row.uid}`}
        rowClassName={(row) =>
          rankRowClasses(row, { concerned: state.concerned.set, ownUid, pinned: roleOf(row) }).join(' ')
        }
        onRow={(row) =>
          ({
            'data-uid': row.uid,
            'data-pinned': roleOf(row) ? 'true' : undefined,
          }) as HTMLAttributes<HTMLElement>
        }
        loading={state.board.isFetching && !state.board.data ? true : undefined}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('contestRank.empty') }}
        pagination={{
          current: state.currentPage,
          pageSize: state.limit,
          total: state.total,
          showSizeChanger: true,
          pageSizeOptions: RANK_PAGE_SIZES.map(String),
          // each person once: the pinned rows are copies of rows further down (issue 24 item 16)
          showTotal: (total) => t('contestRank.total', { total: peopleOnBoard(total, state.pinned) }),
          onChange: state.setPage,
          size: 'small',
        }}
      />
    </div>
  );
}
