import {
  JudgeStatus,
  type ContestScrollBoardInfoVO,
  type ContestScrollBoardSubmissionVO,
} from '@verdict/shared';

/**
 * The scroll board's rules (reference §9.7), pure: the board starts as it was at the seal, and each
 * step reveals one unknown cell of the lowest team that still has one, which may move that team up.
 * When every cell is revealed the order is the unsealed ACM order of §9.3 (as long as no System
 * Error, Partial Accepted or Submitted Failed is among the tries: the scroll board counts those as
 * tries, the server's board does not; reference §13.12).
 */

/** reference §9.3, §9.7: 20 minutes per rejected try before the accepted one, in seconds. */
export const PENALTY_SECONDS = 20 * 60;

/** reference §9.7: a result not known yet at the seal (shown as unknown until revealed). */
const PENDING: ReadonlySet<number> = new Set([
  JudgeStatus.PENDING,
  JudgeStatus.COMPILING,
  JudgeStatus.JUDGING,
  JudgeStatus.SUBMITTING,
]);

/** One submission as the board uses it: `time` in whole seconds since the start. */
export interface RollSubmission {
  uid: string;
  username: string;
  /** the name the contest shows (rankShowName), else the username */
  name: string;
  school: string | null;
  submitId: number;
  status: number;
  time: number;
  displayId: string;
}

export interface Cell {
  solved: boolean;
  /** seconds since the start of the accepted submission */
  solvedTime: number | null;
  solvedSubmitId: number | null;
  /** rejected tries before the accepted one (or so far) */
  tries: number;
  /** submissions whose result is not shown yet, oldest first */
  unknown: RollSubmission[];
}

export interface Team {
  uid: string;
  username: string;
  name: string;
  school: string | null;
  star: boolean;
  solved: number;
  /** seconds: Σ over solved problems of (time + tries × 20 min) */
  penalty: number;
  cells: Record<string, Cell>;
}

export interface Board {
  problems: string[];
  /** in ranking order */
  teams: Team[];
  /** index of the team being revealed; rows below it are final; -1 when the roll is over */
  cursor: number;
  /** display id → the submit id of the first accepted submission (reference §9.7: smallest id) */
  firstBlood: Record<string, number>;
}

/** What one step did: which team's cell was revealed and where the team went. */
export type RollEvent =
  { kind: 'reveal'; uid: string; displayId: string; from: number; to: number } | { kind: 'done' };

/** The calls' data as the board uses it (reference §3.6 ContestScrollBoardInfoVO / SubmissionVO). */
export function toRollSubmissions(
  info: Pick<ContestScrollBoardInfoVO, 'startTime' | 'rankShowName'>,
  submissions: ContestScrollBoardSubmissionVO[],
): RollSubmission[] {
  const start = new Date(info.startTime).getTime();
  return submissions.map((s) => {
    const shown =
      info.rankShowName === 'nickname' ? s.nickname : info.rankShowName === 'realname' ? s.realname : null;
    return {
      uid: s.uid,
      username: s.username,
      name: shown || s.username,
      school: s.school,
      submitId: s.submitId,
      status: s.status,
      time: Math.max(0, Math.floor((new Date(s.submitTime).getTime() - start) / 1000)),
      displayId: s.displayId,
    };
  });
}

const emptyCell = (): Cell => ({
  solved: false,
  solvedTime: null,
  solvedSubmitId: null,
  tries: 0,
  unknown: [],
});

/**
 * reference §9.7: one known result applied to a cell. Nothing counts after the accepted one;
 * Compile Error never counts; a result still pending at the end counts as nothing (§9.3 ranks
 * judged records only); any other rejection is a try.
 */
function apply(cell: Cell, s: RollSubmission): Cell {
  if (cell.solved || s.status === JudgeStatus.COMPILE_ERROR || PENDING.has(s.status)) return cell;
  if (s.status === JudgeStatus.ACCEPTED)
    return { ...cell, solved: true, solvedTime: s.time, solvedSubmitId: s.submitId };
  return { ...cell, tries: cell.tries + 1 };
}

function totals(team: Omit<Team, 'solved' | 'penalty'>): Team {
  let solved = 0;
  let penalty = 0;
  for (const cell of Object.values(team.cells)) {
    if (!cell.solved) continue;
    solved += 1;
    penalty += cell.solvedTime! + cell.tries * PENALTY_SECONDS;
  }
  return { ...team, solved, penalty };
}

/**
 * reference §9.3: more solved first, then less penalty; ties keep one order (by username) so the
 * board does not shuffle tied rows.
 */
export function compareTeams(a: Team, b: Team): number {
  if (a.solved !== b.solved) return b.solved - a.solved;
  if (a.penalty !== b.penalty) return a.penalty - b.penalty;
  return a.username < b.username ? -1 : a.username > b.username ? 1 : 0;
}

const byTime = (a: RollSubmission, b: RollSubmission) => a.time - b.time || a.submitId - b.submitId;

/**
 * The board at the seal: results submitted before `sealSeconds` (seconds since the start) and
 * judged are shown, the others are unknown cells. `stars` are the usernames ranked "*".
 */
export function sealedBoard(
  problems: string[],
  submissions: RollSubmission[],
  options: { sealSeconds: number; stars: Iterable<string> },
): Board {
  const stars = new Set(options.stars);
  const teams = new Map<string, Omit<Team, 'solved' | 'penalty'>>();
  const firstBlood: Record<string, number> = {};
  for (const s of [...submissions].sort(byTime)) {
    if (!problems.includes(s.displayId)) continue;
    let team = teams.get(s.uid);
    if (!team) {
      team = {
        uid: s.uid,
        username: s.username,
        name: s.name,
        school: s.school,
        star: stars.has(s.username),
        cells: Object.fromEntries(problems.map((p) => [p, emptyCell()])),
      };
      teams.set(s.uid, team);
    }
    const cell = team.cells[s.displayId]!;
    if (s.status === JudgeStatus.ACCEPTED && (firstBlood[s.displayId] ?? Infinity) > s.submitId)
      firstBlood[s.displayId] = s.submitId;
    // once a cell has an unknown submission, every later one is unknown too
    const unknown = s.time >= options.sealSeconds || PENDING.has(s.status) || cell.unknown.length > 0;
    team.cells[s.displayId] =
      unknown && !cell.solved ? { ...cell, unknown: [...cell.unknown, s] } : apply(cell, s);
  }
  const sorted = [...teams.values()].map(totals).sort(compareTeams);
  return { problems, teams: sorted, cursor: sorted.length - 1, firstBlood };
}

/** The first unknown cell of a team, in problem order. */
function firstUnknown(board: Board, team: Team): string | undefined {
  return board.problems.find((p) => team.cells[p]!.unknown.length > 0);
}

/**
 * One step of the roll: from the cursor upward, the first team with an unknown cell gets its first
 * unknown cell revealed and moves to its new place; the cursor stays where it is, since the team now
 * there has not been revealed yet. Rows the cursor passes are final.
 */
export function step(board: Board): { board: Board; event: RollEvent } {
  let cursor = board.cursor;
  while (cursor >= 0 && firstUnknown(board, board.teams[cursor]!) === undefined) cursor -= 1;
  if (cursor < 0) return { board: { ...board, cursor: -1 }, event: { kind: 'done' } };
  const team = board.teams[cursor]!;
  const displayId = firstUnknown(board, team)!;
  const cell = team.cells[displayId]!;
  const revealed = cell.unknown.reduce(apply, { ...cell, unknown: [] });
  const updated = totals({ ...team, cells: { ...team.cells, [displayId]: revealed } });
  const others = board.teams.filter((_, i) => i !== cursor);
  let to = others.findIndex((t) => compareTeams(updated, t) < 0);
  if (to === -1) to = others.length;
  others.splice(to, 0, updated);
  return {
    board: { ...board, teams: others, cursor },
    event: { kind: 'reveal', uid: team.uid, displayId, from: cursor, to },
  };
}

/** Whether the roll has revealed everything. */
export function finished(board: Board): boolean {
  return (
    board.cursor < 0 ||
    board.teams.slice(0, board.cursor + 1).every((t) => firstUnknown(board, t) === undefined)
  );
}

/** Every step at once: the final board. */
export function rollToEnd(board: Board): Board {
  let current = board;
  for (;;) {
    const next = step(current);
    current = next.board;
    if (next.event.kind === 'done') return current;
  }
}

/**
 * reference §9.3: rank numbers 1, 2, 2, 4 (same solved and penalty share a rank); star users are
 * "*" and take no position.
 */
export function rankNumbers(teams: Team[]): (number | '*')[] {
  let position = 0;
  let previous: Team | undefined;
  let rank = 0;
  return teams.map((t) => {
    if (t.star) return '*';
    position += 1;
    if (!previous || previous.solved !== t.solved || previous.penalty !== t.penalty) rank = position;
    previous = t;
    return rank;
  });
}

export type Medal = 'gold' | 'silver' | 'bronze';
export interface MedalCounts {
  gold: number;
  silver: number;
  bronze: number;
}

/**
 * The medal of each row by count (the page's `medals[]`): the first `gold` rows that may win one
 * (not stars, at least one problem solved, as the awards of reference §9.5), then `silver`, then
 * `bronze`. Only rows below the cursor are final, so the page shows medals on those.
 */
export function medals(teams: Team[], counts: MedalCounts): (Medal | null)[] {
  let won = 0;
  return teams.map((t) => {
    if (t.star || t.solved === 0) return null;
    won += 1;
    if (won <= counts.gold) return 'gold';
    if (won <= counts.gold + counts.silver) return 'silver';
    if (won <= counts.gold + counts.silver + counts.bronze) return 'bronze';
    return null;
  });
}
