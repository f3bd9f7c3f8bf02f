import { sql } from 'drizzle-orm';
import { HOME_LIMITS, type SubmissionStatisticsVO } from '@verdict/shared';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { localDays } from './days.ts';

/**
 * reference §7.17 `get-last-week-submission-statistics`: every submission (any scope: public,
 * contest, group) made since midnight six days ago, per day of the server's time zone, with the
 * accepted ones (status 0). `dateStrList` is "MM-dd", oldest first. One pass over the submit_time
 * index: `width_bucket` puts each row in its day.
 */
export async function lastWeekStatistics(db: Db, now: Date): Promise<SubmissionStatisticsVO> {
  const { bounds, labels } = localDays(now, HOME_LIMITS.statisticsDays);
  const thresholds = sql.join(
    bounds.map((b) => sql`${b.toISOString()}::timestamptz`),
    sql`, `,
  );
  const rows = await queryRows<{ day: number; total: number; ac: number }>(
    db,
    sql`select width_bucket(submit_time, array[${thresholds}]) as day, count(*)::int as total,
          count(*) filter (where status = 0)::int as ac
        from judge
        where submit_time >= ${bounds[0]!.toISOString()}::timestamptz
          and submit_time < ${bounds.at(-1)!.toISOString()}::timestamptz
        group by 1`,
  );
  const acCountList = labels.map(() => 0);
  const totalCountList = labels.map(() => 0);
  for (const row of rows) {
    acCountList[row.day - 1] = row.ac;
    totalCountList[row.day - 1] = row.total;
  }
  return { dateStrList: labels.map((label) => label.slice(5)), acCountList, totalCountList };
}

/**
 * reference §3.2, §7.17: the statistics are cached 30 minutes and only root may force a refresh.
 * HOJ kept them in Redis; Verdict keeps them in the answering process (several processes each keep
 * their own copy, at most 30 minutes old, which is what the reference promises anyway). Concurrent
 * misses share one query.
 */
export class StatisticsCache {
  private cached: { value: SubmissionStatisticsVO; expiresAt: number } | undefined;
  private loading: Promise<SubmissionStatisticsVO> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async get(forceRefresh: boolean): Promise<SubmissionStatisticsVO> {
    const now = this.clock.now();
    if (!forceRefresh && this.cached && now.getTime() < this.cached.expiresAt) return this.cached.value;
    if (this.loading) return this.loading;
    this.loading = lastWeekStatistics(this.db, now)
      .then((value) => {
        this.cached = { value, expiresAt: now.getTime() + HOME_LIMITS.statisticsCacheMs };
        return value;
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }
}
