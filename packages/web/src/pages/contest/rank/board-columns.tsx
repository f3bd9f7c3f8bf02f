import { HeartFilled, HeartOutlined, PushpinFilled, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { AcmCell, AcmRankRow, OiRankRow, RankRow, ScoreboardProblem } from '../../../api/contest-rank';
import {
  acmCellClass,
  acmCellText,
  clockText,
  displayName,
  isFemale,
  isStarRow,
  minutes,
  oiCellClass,
  problemCounts,
  rankLabel,
} from './board-rules';

/** What the columns need besides the rows (spec part 1 §2 "Contest rank"). */
export interface ColumnContext {
  t: TFunction;
  problems: ScoreboardProblem[];
  rankShowName: string | null | undefined;
  concerned: ReadonlySet<string>;
  toggleConcerned: (uid: string) => void;
  /** where a problem's display id links to, if anywhere */
  problemLink?: (displayId: string) => string;
  /** the row is a pinned copy at the head of the board (issue 24 item 16) */
  isPinned?: (row: RankRow) => boolean;
}

/** Rank: "*" for star users; award winners get the award's box with its name and colours. */
function rankColumn<Row extends RankRow>({ t, isPinned }: ColumnContext): TableColumnsType<Row>[number] {
  const pin = (row: Row) =>
    isPinned?.(row) ? (
      <Tooltip title={t('contestRank.pinned')}>
        <PushpinFilled className="rank-pin" aria-label={t('contestRank.pinned')} role="img" />
      </Tooltip>
    ) : null;
  return {
    key: 'rank',
    title: t('contestRank.columns.rank'),
    fixed: 'left',
    width: 72,
    align: 'center',
    className: 'rank-col-rank',
    render: (_: unknown, row: Row) => (
      <>
        {pin(row)}
        {rankBadge(row)}
      </>
    ),
  };
}

function rankBadge<Row extends RankRow>(row: Row) {
  return row.isWinAward ? (
    <Tooltip title={row.awardName}>
      <span
        className="rank-award"
        style={{ background: row.awardBackground ?? undefined, color: row.awardColor ?? undefined }}
        data-award={row.awardName ?? ''}
      >
        <span className="rank-award__rank">{rankLabel(row.rank)}</span>
        {row.awardName ? <span className="rank-award__name">{row.awardName}</span> : null}
      </span>
    </Tooltip>
  ) : (
    <span className="rank-number">{rankLabel(row.rank)}</span>
  );
}

/** User: avatar, name (by the contest's rankShowName), follow toggle, Star and Girl flags, school. */
function userColumn<Row extends RankRow>(ctx: ColumnContext): TableColumnsType<Row>[number] {
  const { t } = ctx;
  return {
    key: 'user',
    title: t('contestRank.columns.user'),
    fixed: 'left',
    width: 200,
    className: 'rank-col-user',
    render: (_: unknown, row: Row) => {
      const followed = ctx.concerned.has(row.uid);
      const name = displayName(row, ctx.rankShowName);
      return (
        <div className="rank-user">
          <Avatar
            size={32}
            src={row.avatar || undefined}
            icon={<UserOutlined />}
            className="rank-user__avatar"
          />
          <div className="rank-user__text">
            <div className="rank-user__line">
              <Link
                className="rank-user__name"
                to={`/user-home?username=${encodeURIComponent(row.username)}`}
                title={row.username}
              >
                {name}
              </Link>
              <Tooltip title={followed ? t('contestRank.unfollow') : t('contestRank.follow')}>
                <Button
                  type="text"
                  size="small"
                  className={`rank-follow${followed ? ' rank-follow--on' : ''}`}
                  aria-label={`${followed ? t('contestRank.unfollow') : t('contestRank.follow')} ${row.username}`}
                  aria-pressed={followed}
                  icon={followed ? <HeartFilled /> : <HeartOutlined />}
                  onClick={() => ctx.toggleConcerned(row.uid)}
                />
              </Tooltip>
            </div>
            <div className="rank-user__line rank-user__meta">
              {isStarRow(row) ? (
                <Tag color="gold" className="rank-flag rank-flag--star">
                  {t('contestRank.star')}
                </Tag>
              ) : null}
              {isFemale(row) ? (
                <Tag color="magenta" className="rank-flag rank-flag--girl">
                  {t('contestRank.girl')}
                </Tag>
              ) : null}
              {row.school ? <span className="rank-user__school">{row.school}</span> : null}
            </div>
          </div>
        </div>
      );
    },
  };
}

/** A problem's header: balloon colour, display id, and the accepted / rejected counts in a tooltip. */
function ProblemHeader({ problem, ctx }: { problem: ScoreboardProblem; ctx: ColumnContext }) {
  const { t } = ctx;
  const { accepted, rejected } = problemCounts(problem);
  const unknown = accepted === null;
  const id = ctx.problemLink ? (
    <Link to={ctx.problemLink(problem.displayId)} className="rank-problem__id">
      {problem.displayId}
    </Link>
  ) : (
    <span className="rank-problem__id">{problem.displayId}</span>
  );
  return (
    <Tooltip
      title={
        <div className="rank-problem__tip">
          <div>{`${problem.displayId}. ${problem.displayTitle}`}</div>
          <div>{t('contestRank.accepted', { count: unknown ? '?' : accepted })}</div>
          <div>{t('contestRank.rejected', { count: unknown ? '?' : rejected })}</div>
        </div>
      }
    >
      <div className="rank-problem" data-problem={problem.displayId}>
        {problem.color ? (
          <span className="rank-problem__balloon" style={{ color: problem.color }} aria-hidden>
            ●
          </span>
        ) : null}
        {id}
        <div className="rank-problem__count">
          {unknown ? '(?)' : `(${accepted}/${(accepted ?? 0) + (rejected ?? 0)})`}
        </div>
      </div>
    </Tooltip>
  );
}

/** An ACM cell's tooltip: the AC time as h:mm:ss, and whether it was first blood or after the end. */
function acmCellTip(cell: AcmCell, t: TFunction): string | undefined {
  if (!cell.isAC || typeof cell.ACTime !== 'number') return undefined;
  const time = clockText(cell.ACTime);
  if (cell.isAfterContest) return `${time} · ${t('contestRank.afterContest')}`;
  return cell.isFirstAC ? `${time} · ${t('contestRank.firstBlood')}` : time;
}

/** The ACM board (reference §9.3): solved count over the penalty time in minutes, then one cell per problem. */
export function acmColumns(ctx: ColumnContext): TableColumnsType<AcmRankRow> {
  const { t } = ctx;
  return [
    rankColumn<AcmRankRow>(ctx),
    userColumn<AcmRankRow>(ctx),
    {
      key: 'total',
      title: t('contestRank.columns.acmTotal'),
      width: 90,
      align: 'center',
      className: 'rank-col-total',
      render: (_: unknown, row) => (
        <div className="rank-total">
          <div className="rank-total__main">{row.ac}</div>
          <Tooltip title={clockText(row.totalTime)}>
            <div className="rank-total__sub">{minutes(row.totalTime)}</div>
          </Tooltip>
        </div>
      ),
    },
    ...ctx.problems.map((problem): TableColumnsType<AcmRankRow>[number] => ({
      key: `p-${problem.displayId}`,
      title: <ProblemHeader problem={problem} ctx={ctx} />,
      width: 80,
      align: 'center',
      onCell: (row) => ({
        className: `rank-cell ${acmCellClass(row.submissionInfo[problem.displayId])}`.trim(),
        'data-problem': problem.displayId,
      }),
      render: (_: unknown, row) => {
        const cell = row.submissionInfo[problem.displayId];
        if (!cell) return null;
        const text = acmCellText(cell);
        return (
          <Tooltip title={acmCellTip(cell, t)}>
            <div className="rank-cell__body">
              <div className="rank-cell__main">{text.main}</div>
              {text.sub ? <div className="rank-cell__sub">{text.sub}</div> : null}
            </div>
          </Tooltip>
        );
      },
    })),
  ];
}

/** The OI board (reference §9.4): total score over the accepted runs' time in ms, then the scores. */
export function oiColumns(ctx: ColumnContext): TableColumnsType<OiRankRow> {
  const { t } = ctx;
  return [
    rankColumn<OiRankRow>(ctx),
    userColumn<OiRankRow>(ctx),
    {
      key: 'total',
      title: t('contestRank.columns.oiTotal'),
      width: 100,
      align: 'center',
      className: 'rank-col-total',
      render: (_: unknown, row) => (
        <div className="rank-total">
          <div className="rank-total__main">{row.totalScore}</div>
          <div className="rank-total__sub">{t('contestRank.ms', { ms: row.totalTime })}</div>
        </div>
      ),
    },
    ...ctx.problems.map((problem): TableColumnsType<OiRankRow>[number] => ({
      key: `p-${problem.displayId}`,
      title: <ProblemHeader problem={problem} ctx={ctx} />,
      width: 80,
      align: 'center',
      onCell: (row) => ({
        className:
          `rank-cell ${oiCellClass(row.submissionInfo[problem.displayId], row.timeInfo?.[problem.displayId])}`.trim(),
        'data-problem': problem.displayId,
      }),
      render: (_: unknown, row) => {
        const score = row.submissionInfo[problem.displayId];
        if (score === undefined || score === null) return null;
        const time = row.timeInfo?.[problem.displayId];
        return (
          <div className="rank-cell__body">
            <div className="rank-cell__main">{score}</div>
            {time !== undefined && time !== null ? (
              <div className="rank-cell__sub">{t('contestRank.ms', { ms: time })}</div>
            ) : null}
          </div>
        );
      },
    })),
  ];
}
