import { Card, Table, type TableColumnsType } from 'antd';
import { useIsMobile } from '../../layout/use-is-mobile';
import { adminPager } from './admin-pager';
import type { CrudList } from './use-crud-list';

interface CrudTableProps<Row> {
  list: CrudList<Row>;
  columns: TableColumnsType<Row>;
  emptyText: string;
  /** the width below which the table scrolls sideways (768 px screens) */
  scrollX: number;
}

/** An admin list in a card: one server page of rows, a simple pager on a phone, no pager for one page. */
export function CrudTable<Row extends { id: number }>({
  list,
  columns,
  emptyText,
  scrollX,
}: CrudTableProps<Row>) {
  const isMobile = useIsMobile();
  const { rows, loading, page, pageSize, total, onPage } = list.table;
  return (
    <Card>
      <Table<Row>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={loading}
        scroll={{ x: scrollX }}
        pagination={adminPager({ page, pageSize, total, onPage }, isMobile)}
        locale={{ emptyText }}
      />
    </Card>
  );
}
