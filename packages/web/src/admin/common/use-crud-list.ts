import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Page } from '../../api/http';

/**
 * One server-paged admin list: the page shown, its query (under `key`, with the page appended) and
 * a refresh that refetches every page of it.
 */
export function useCrudList<Row>(
  key: readonly unknown[],
  fetchPage: (page: number, size: number) => Promise<Page<Row>>,
  pageSize: number,
) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: [...key, page], queryFn: () => fetchPage(page, pageSize) });
  return {
    fetching: query.isFetching,
    refresh: () => queryClient.invalidateQueries({ queryKey: [...key] }),
    table: {
      rows: query.data?.records ?? [],
      loading: query.isFetching,
      page,
      pageSize,
      total: query.data?.total ?? 0,
      onPage: setPage,
    },
  };
}

export type CrudList<Row> = ReturnType<typeof useCrudList<Row>>;
