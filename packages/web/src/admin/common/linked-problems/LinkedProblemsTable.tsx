import { Card, Table, type TableColumnsType } from 'antd';
import { useIsMobile } from '../../../layout/use-is-mobile';
import { adminPager, type AdminPage } from '../admin-pager';
import type { LinkedProblemRow } from './use-linked-problems';

/** The table of a contest's or training's problems, one row a problem; without `paging`, all on one page. */
export function LinkedProblemsTable<Link>({
  rows,
  columns,
  loading,
  scrollX,
  paging,
  emptyText,
}: {
  rows: LinkedProblemRow<Link>[];
  columns: TableColumnsType<LinkedProblemRow<Link>>;
  loading: boolean;
  scrollX: number;
  paging?: AdminPage;
  emptyText: string;
}) {
  const isMobile = useIsMobile();
  return (
    <Card>
      <Table<LinkedProblemRow<Link>>
        rowKey={(row) => row.problem.id}
        size="small"
        columns={columns}
        dataSource={rows}
        loading={loading}
        scroll={{ x: scrollX }}
        pagination={paging ? adminPager(paging, isMobile) : false}
        locale={{ emptyText }}
      />
    </Card>
  );
}
