import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { contestIdOf } from './staff-rules';

interface StaffListOptions<T> {
  /** the list's name in the query key, so an action refreshes only its own list */
  name: string;
  load: (cid: number, page: number) => Promise<T>;
  /** refetch interval in ms (the AC helper and print list refresh themselves) */
  refreshMs?: number;
}

/**
 * The common part of the contest staff tabs (AC helper, admin print, rejudge): the contest id of the
 * route, the page, the list query, and `act`, which runs one row's action with its button busy and
 * then refreshes the list. A failed action has already been shown by the API client.
 */
export function useStaffList<T>({ name, load, refreshMs }: StaffListOptions<T>) {
  const cid = contestIdOf(useParams().contestID);
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['contest-staff', name, cid, page],
    queryFn: () => load(cid!, page),
    enabled: cid !== null,
    refetchInterval: refreshMs,
  });

  const act = async (busyKey: string, action: () => Promise<unknown>, onDone?: () => void) => {
    setBusy(busyKey);
    try {
      await action();
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: ['contest-staff', name, cid] });
    } catch {
      // the client has shown the failure
    } finally {
      setBusy(null);
    }
  };

  return { cid, page, setPage, list, busy, act };
}
