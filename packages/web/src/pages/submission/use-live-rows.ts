import { useCallback, useEffect, useRef, useState } from 'react';
import { checkSubmissionsStatus, type SubmissionRow } from '../../api/submission';
import { isUnfinished, startPolling, SUBMISSION_POLL, type Poller } from '../../components/judge-status';

/**
 * Spec part 1 §4 "Status polling of lists": the rows of a page, with the unfinished ones checked
 * every 2 s (`POST /api/check-submissions-status`) until all are final or 300 rounds have run.
 * `patch` changes a row (after a rejudge or a manual judge) and polls again when needed. A contest's
 * rows pass the contest's check (`check-contest-submissions-status`, which applies the seal).
 */
export function useLiveRows<T extends SubmissionRow>(
  records: T[] | undefined,
  check: (submitIds: number[]) => Promise<Record<string, SubmissionRow>> = checkSubmissionsStatus,
) {
  const [rows, setRows] = useState<T[]>(records ?? []);
  const latest = useRef<T[]>(records ?? []);
  const poller = useRef<Poller | null>(null);
  const checker = useRef(check);
  checker.current = check;

  const watch = useCallback(() => {
    poller.current?.stop();
    poller.current = null;
    if (!latest.current.some((row) => isUnfinished(row.status))) return;
    poller.current = startPolling({
      ...SUBMISSION_POLL,
      tick: async () => {
        const ids = latest.current.filter((row) => isUnfinished(row.status)).map((row) => row.submitId);
        if (ids.length === 0) return true;
        const map = await checker.current(ids);
        latest.current = latest.current.map((row) => {
          const fresh = map[String(row.submitId)];
          // the list's own naming of the problem stays (a contest names it by its display id)
          return fresh ? { ...row, ...fresh, title: row.title, displayPid: row.displayPid } : row;
        });
        setRows(latest.current);
        return !latest.current.some((row) => isUnfinished(row.status));
      },
    });
  }, []);

  useEffect(() => {
    latest.current = records ?? [];
    setRows(latest.current);
    watch();
  }, [records, watch]);

  useEffect(() => () => poller.current?.stop(), []);

  const patch = useCallback(
    (submitId: number, change: Partial<SubmissionRow>) => {
      latest.current = latest.current.map((row) => (row.submitId === submitId ? { ...row, ...change } : row));
      setRows(latest.current);
      watch();
    },
    [watch],
  );

  return { rows, patch };
}
