import {
  CaretRightOutlined,
  FastForwardOutlined,
  PauseOutlined,
  ReloadOutlined,
  StepForwardOutlined,
} from '@ant-design/icons';
import { Button, Progress, Space, Tag, Typography } from 'antd';
import { type MouseEvent, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ContestScrollBoardInfoVO,
  ContestScrollBoardSubmissionVO,
} from '../../../api/contest-scroll-board';
import {
  finished,
  medals as medalsOf,
  rankNumbers,
  rollToEnd,
  sealedBoard,
  step,
  toRollSubmissions,
  type Board,
  type MedalCounts,
  type RollEvent,
} from './roll';
import { ScrollBoardRow } from './ScrollBoardRow';

/** Height of one row in px; rows are placed by index, so a move is a transition of `top`. */
export const ROW_HEIGHT = 56;
/** spec: auto play reveals one cell at this pace */
const AUTO_PLAY_MS = 1500;

/** Unknown cells left on a board. */
function unknownCells(board: Board): number {
  let n = 0;
  for (const team of board.teams)
    for (const p of board.problems) if (team.cells[p]!.unknown.length > 0) n += 1;
  return n;
}

interface RollState {
  board: Board;
  /** what the last step did (the revealed cell flashes) */
  event: RollEvent | null;
}

type RollAction = { kind: 'step' } | { kind: 'toEnd' } | { kind: 'restart'; board: Board };

function roll(state: RollState, action: RollAction): RollState {
  if (action.kind === 'restart') return { board: action.board, event: null };
  if (action.kind === 'toEnd') return { board: rollToEnd(state.board), event: null };
  const result = step(state.board);
  return { board: result.board, event: result.event };
}

interface Props {
  info: ContestScrollBoardInfoVO;
  submissions: ContestScrollBoardSubmissionVO[];
  medals: MedalCounts;
}

/**
 * The roll itself: the sealed board, then one unknown cell revealed per step from the bottom team
 * upward (Enter, Space, →, a click, or auto play), rows sliding to their new places, medals on the
 * rows that are final.
 */
export function ScrollBoard({ info, submissions, medals }: Props) {
  const { t } = useTranslation();
  const start = useMemo(
    () =>
      sealedBoard(info.displayIdList, toRollSubmissions(info, submissions), {
        sealSeconds: Math.floor(
          (Date.parse(info.sealRankTime ?? info.endTime) - Date.parse(info.startTime)) / 1000,
        ),
        stars: info.starUserList,
      }),
    [info, submissions],
  );
  const total = useMemo(() => unknownCells(start), [start]);
  const [{ board, event }, dispatch] = useReducer(roll, { board: start, event: null });
  const [auto, setAuto] = useState(false);
  const done = finished(board);
  const cursorRef = useRef<HTMLDivElement>(null);
  const next = useCallback(() => dispatch({ kind: 'step' }), []);
  /** A control's click, after which the keys step again (a focused button would take Enter). */
  const control = (action: () => void) => (e: MouseEvent<HTMLElement>) => {
    e.currentTarget.blur();
    action();
  };

  useEffect(() => {
    if (done) setAuto(false);
  }, [done]);

  useEffect(() => {
    if (!auto) return;
    const timer = window.setInterval(next, AUTO_PLAY_MS);
    return () => window.clearInterval(timer);
  }, [auto, next]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLElement && e.target.closest('input, textarea, button')) return;
      if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowRight') {
        e.preventDefault();
        next();
      } else if (e.key === 'a' || e.key === 'A') setAuto((on) => !on);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [next]);

  // keep the row being revealed in view
  useEffect(() => {
    cursorRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [board.cursor, event]);

  const ranks = rankNumbers(board.teams);
  const medalList = medalsOf(board.teams, medals);
  const left = unknownCells(board);
  const flash = event?.kind === 'reveal' ? event : null;

  return (
    <div className="scroll-board" data-testid="scroll-board">
      <header className="scroll-board-head">
        <Typography.Title level={3} className="scroll-board-title">
          {info.title}
        </Typography.Title>
        <Space wrap>
          <Button
            type="primary"
            icon={<StepForwardOutlined />}
            onClick={control(next)}
            disabled={done}
            data-testid="scroll-step"
          >
            {t('contestScrollBoard.board.step')}
          </Button>
          <Button
            icon={auto ? <PauseOutlined /> : <CaretRightOutlined />}
            onClick={control(() => setAuto((on) => !on))}
            disabled={done}
            data-testid="scroll-auto"
          >
            {auto ? t('contestScrollBoard.board.pause') : t('contestScrollBoard.board.autoPlay')}
          </Button>
          <Button
            icon={<FastForwardOutlined />}
            onClick={control(() => {
              setAuto(false);
              dispatch({ kind: 'toEnd' });
            })}
            disabled={done}
            data-testid="scroll-to-end"
          >
            {t('contestScrollBoard.board.toEnd')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={control(() => {
              setAuto(false);
              dispatch({ kind: 'restart', board: start });
            })}
            data-testid="scroll-restart"
          >
            {t('contestScrollBoard.board.restart')}
          </Button>
        </Space>
        <div className="scroll-board-progress">
          <Progress
            percent={total === 0 ? 100 : Math.round(((total - left) / total) * 100)}
            showInfo={false}
            size="small"
          />
          <span data-testid="scroll-progress">
            {t('contestScrollBoard.board.progress', { done: total - left, total })}
          </span>
        </div>
        <Typography.Text type="secondary" className="scroll-board-keys">
          {t('contestScrollBoard.board.keys')}
        </Typography.Text>
        {done && (
          <Tag color="success" className="scroll-board-finished" data-testid="scroll-finished">
            {t('contestScrollBoard.board.finished')}
          </Tag>
        )}
      </header>
      {board.teams.length === 0 ? (
        <Typography.Paragraph>{t('contestScrollBoard.board.empty')}</Typography.Paragraph>
      ) : (
        <div className="scroll-board-scroller">
          <div
            className="scroll-board-table"
            style={{ ['--problems' as string]: board.problems.length }}
            onClick={() => !done && next()}
            role="presentation"
          >
            <div className="scroll-board-header">
              <div className="sb-rank">{t('contestScrollBoard.board.rank')}</div>
              <div className="sb-team">{t('contestScrollBoard.board.team')}</div>
              <div className="sb-solved">{t('contestScrollBoard.board.solved')}</div>
              <div className="sb-penalty">{t('contestScrollBoard.board.penalty')}</div>
              {board.problems.map((p) => (
                <div key={p} className="sb-problem">
                  <span
                    className="sb-balloon"
                    style={{ background: info.balloonColor[p] ?? 'transparent' }}
                  />
                  {p}
                </div>
              ))}
            </div>
            <div className="scroll-board-body" style={{ height: board.teams.length * ROW_HEIGHT }}>
              {board.cursor >= 0 && !done && (
                <div
                  ref={cursorRef}
                  className="scroll-board-cursor"
                  style={{ top: board.cursor * ROW_HEIGHT }}
                />
              )}
              {board.teams.map((team, index) => (
                <ScrollBoardRow
                  key={team.uid}
                  team={team}
                  index={index}
                  top={index * ROW_HEIGHT}
                  rank={ranks[index]!}
                  medal={done || index > board.cursor ? medalList[index]! : null}
                  current={!done && index === board.cursor}
                  problems={board.problems}
                  firstBlood={board.firstBlood}
                  flash={flash && flash.uid === team.uid ? flash.displayId : null}
                />
              ))}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
