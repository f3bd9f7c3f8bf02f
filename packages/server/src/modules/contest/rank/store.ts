import type { Db } from '../../../db/client.ts';
import type { ContestRow } from '../facts.ts';
import { ViewBoard } from './board.ts';
import {
  viewKey,
  viewOfKey,
  type BoardView,
  type RankConfig,
  type RankRecord,
  type ViewKey,
} from './model.ts';
import { localNoteCount } from './feed.ts';
import { KeywordCache, ProfileCache, type BoardRows } from './page.ts';
import {
  byUser,
  loadRankRecords,
  lookAtBoard,
  MAX_CHANGES,
  rowSignature,
  type BoardProblem,
} from './records.ts';

/** One contest's boards in this process, as of `version` of its change feed. */
interface ContestState {
  signature: string;
  /** the contest row's part of the signature, checked on every read without a query */
  rowSignature: string;
  /** when the last look at the database started, and this process's note count then */
  lookedAt: number;
  notesSeen: number;
  config: RankConfig;
  problems: Map<number, BoardProblem>;
  recordsByUser: Map<string, RankRecord[]>;
  views: Map<ViewKey, ViewBoard>;
  version: number;
  syncedAt: number;
}

export interface RankBoardsOptions {
  /** a board whose feed was not read for this long is rebuilt (the feed keeps a day) */
  staleMs: number;
  /** a contest whose boards nobody read for this long is dropped from memory */
  idleMs: number;
  /**
   * How often a board looks at the database (its setup and the change feed) at most: the bound on
   * how late a change stored by another process shows. A change noted by this process, or a changed
   * contest row, makes the next read look at once.
   */
  lookEveryMs: number;
}

const DEFAULTS: RankBoardsOptions = { staleMs: 3600_000, idleMs: 30 * 60_000, lookEveryMs: 100 };

/**
 * One contest's boards and the single sync in flight: readers that arrive while a sync runs wait
 * for the next one, so every reader sees what was stored before it asked.
 */
class ContestBoards {
  state?: ContestState;
  usedAt = performance.now();
  private running?: Promise<void>;
  private queued?: Promise<void>;
  private row!: ContestRow;

  constructor(
    private readonly db: Db,
    private readonly options: RankBoardsOptions,
  ) {}

  sync(row: ContestRow): Promise<void> {
    this.row = row;
    this.usedAt = performance.now();
    if (!this.running) {
      this.running = this.run(row).finally(() => (this.running = undefined));
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.sync(this.row);
      });
    return this.queued;
  }

  private async run(row: ContestRow) {
    const state = this.state;
    const now = performance.now();
    const notes = localNoteCount(row.id);
    const ownRow = rowSignature(row);
    // PGlite spends about half a millisecond of the one core on the smallest statement: a board
    // serves most reads from memory and looks at the database every `lookEveryMs`
    if (
      state &&
      state.rowSignature === ownRow &&
      state.notesSeen === notes &&
      now - state.lookedAt < this.options.lookEveryMs
    )
      return;
    const stale = !state || now - state.syncedAt > this.options.staleMs;
    const look = await lookAtBoard(this.db, row, stale ? Number.MAX_SAFE_INTEGER : state.version);
    if (stale || state.signature !== look.signature || look.changes.length > MAX_CHANGES) {
      // the version was read before the records: changes stored meanwhile are read (again) next time
      const records = await loadRankRecords(this.db, row.id, look.problems);
      this.state = {
        signature: look.signature,
        rowSignature: ownRow,
        lookedAt: now,
        notesSeen: notes,
        config: look.config,
        problems: look.problems,
        recordsByUser: byUser(records),
        views: new Map(),
        version: look.version,
        syncedAt: now,
      };
      return;
    }
    const changes = look.changes;
    if (changes.length > 0) {
      const uids = [...new Set(changes.map((c) => c.uid))];
      const fresh = byUser(look.changedRecords);
      for (const uid of uids) {
        const records = fresh.get(uid) ?? [];
        if (records.length > 0) state.recordsByUser.set(uid, records);
        else state.recordsByUser.delete(uid);
        for (const board of state.views.values()) board.update(uid, records);
      }
      state.version = Math.max(state.version, ...changes.map((c) => c.version));
    }
    state.syncedAt = now;
    state.lookedAt = now;
    state.notesSeen = notes;
  }
}

/**
 * The incremental scoreboards of this server process (issue 12): per contest and per view (real,
 * with submissions after the end, sealed), built from contest_record on first read and kept up to
 * date from the contest's change feed (feed.ts), which every read checks — so a verdict stored
 * through any process is on every process's board at its next read, and a restart just rebuilds.
 */
export class RankBoards {
  private readonly contests = new Map<number, ContestBoards>();
  /** the profiles shown on this process's board pages */
  readonly profiles = new ProfileCache();
  /** the users matching the keywords searched on this process's boards */
  readonly keywords = new KeywordCache();
  private readonly options: RankBoardsOptions;

  constructor(
    private readonly db: Db,
    options: Partial<RankBoardsOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /**
   * The ranked board of contest `row` (just read) for `view`. The rows belong to the board: use them
   * before the next await (see ViewBoard.board).
   */
  async board(row: ContestRow, view: BoardView): Promise<{ config: RankConfig; board: BoardRows }> {
    this.dropIdle();
    let boards = this.contests.get(row.id);
    if (!boards) this.contests.set(row.id, (boards = new ContestBoards(this.db, this.options)));
    await boards.sync(row);
    const state = boards.state!;
    const key = viewKey(view);
    let board = state.views.get(key);
    if (!board)
      state.views.set(key, (board = new ViewBoard(state.config, viewOfKey(key), state.recordsByUser)));
    return { config: state.config, board: board.board() };
  }

  private dropIdle() {
    const now = performance.now();
    for (const [cid, boards] of this.contests)
      if (now - boards.usedAt > this.options.idleMs) this.contests.delete(cid);
  }
}
