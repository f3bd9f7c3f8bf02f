import { Card, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { LinkedProblemRow } from './use-linked-problems';

/** The table of a contest's or training's problems, one row a problem. */
export function LinkedProblemsTable<Link>({
  rows,
  columns,
  loading,
  scrollX,
  pagination,
  emptyText,
}: {
  rows: LinkedProblemRow<Link>[];
  columns: TableColumnsType<LinkedProblemRow<Link>>;
  loading: boolean;
  scrollX: number;
  pagination: TablePaginationConfig | false;
  emptyText: string;
}) {
  return (
    <Card>
      <Table<LinkedProblemRow<Link>>
        rowKey={(row) => row.problem.id}
        size="small"
        columns={columns}
        dataSource={rows}
        loading={loading}
        scroll={{ x: scrollX }}
        pagination={pagination}
        locale={{ emptyText }}
      />
    </Card>
  );
}
