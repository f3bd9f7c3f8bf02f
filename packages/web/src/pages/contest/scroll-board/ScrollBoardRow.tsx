import { Tag, Tooltip } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cell, Medal, Team } from './roll';
import { minutes } from './scroll-query';

interface Props {
  team: Team;
  index: number;
  top: number;
  rank: number | '*';
  medal: Medal | null;
  current: boolean;
  problems: string[];
  firstBlood: Record<string, number>;
  /** the display id of the cell revealed by the last step, if it is this team's */
  flash: string | null;
}

/** The look of one cell (spec part 1 §2 cell classes: first-ac, ac, wa; plus the unknown of the seal). */
function cellClass(cell: Cell, first: boolean): string {
  if (cell.unknown.length > 0) return 'sb-cell sb-cell-unknown';
  if (cell.solved) return first ? 'sb-cell sb-cell-first' : 'sb-cell sb-cell-ac';
  if (cell.tries > 0) return 'sb-cell sb-cell-wa';
  return 'sb-cell';
}

function CellView({ cell, first }: { cell: Cell; first: boolean }) {
  const { t } = useTranslation();
  if (cell.unknown.length > 0)
    return (
      <Tooltip
        title={t('contestScrollBoard.board.triesUnknown', {
          tries: cell.tries,
          unknown: cell.unknown.length,
        })}
      >
        <span className="sb-cell-main">?</span>
        <span className="sb-cell-sub">{cell.tries + cell.unknown.length}</span>
      </Tooltip>
    );
  if (cell.solved)
    return (
      <Tooltip title={first ? t('contestScrollBoard.board.firstBlood') : undefined}>
        <span className="sb-cell-main">{cell.tries > 0 ? `+${cell.tries}` : '+'}</span>
        <span className="sb-cell-sub">{minutes(cell.solvedTime!)}</span>
      </Tooltip>
    );
  if (cell.tries > 0) return <span className="sb-cell-main">-{cell.tries}</span>;
  return null;
}

/** One team's row, placed at `top`: a changed place slides there (scroll-board.css). */
export const ScrollBoardRow = memo(function ScrollBoardRow({
  team,
  index,
  top,
  rank,
  medal,
  current,
  problems,
  firstBlood,
  flash,
}: Props) {
  const { t } = useTranslation();
  const classes = ['scroll-board-row'];
  if (current) classes.push('sb-current');
  if (medal) classes.push(`sb-medal-${medal}`);
  if (team.star) classes.push('sb-star');
  return (
    <div
      className={classes.join(' ')}
      style={{ top }}
      data-testid="scroll-row"
      data-username={team.username}
      data-index={index}
      data-rank={rank}
      data-solved={team.solved}
      data-penalty={minutes(team.penalty)}
      data-medal={medal ?? ''}
    >
      <div className="sb-rank">
        <span>{rank}</span>
        {medal && <span className="sb-medal-label">{t(`contestScrollBoard.board.${medal}`)}</span>}
      </div>
      <div className="sb-team">
        <span className="sb-name">
          {team.name}
          {team.star && (
            <Tag color="gold" className="sb-star-tag">
              {t('contestScrollBoard.board.star')}
            </Tag>
          )}
        </span>
        {team.school && <span className="sb-school">{team.school}</span>}
      </div>
      <div className="sb-solved">{team.solved}</div>
      <div className="sb-penalty">{minutes(team.penalty)}</div>
      {problems.map((p) => {
        const cell = team.cells[p]!;
        const first = cell.solved && firstBlood[p] === cell.solvedSubmitId;
        return (
          <div
            key={p}
            className={`${cellClass(cell, first)}${flash === p ? ' sb-cell-flash' : ''}`}
            data-problem={p}
          >
            <CellView cell={cell} first={first} />
          </div>
        );
      })}
    </div>
  );
});
