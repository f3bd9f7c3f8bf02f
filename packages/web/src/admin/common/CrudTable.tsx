import { Card, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useIsMobile } from '../../layout/use-is-mobile';
import { adminPager } from './admin-pager';
import type { CrudList } from './use-crud-list';

interface CrudTableProps<Row> {
  list: CrudList<Row>;
  columns: TableColumnsType<Row>;
  emptyText: string;
  /** the width below which the table scrolls sideways (768 px screens) */
  scrollX: number;
  /** the card's own title and buttons, when the page gives it no head of its own */
  title?: ReactNode;
  extra?: ReactNode;
}

/** An admin list in a card: one server page of rows, a simple pager on a phone, no pager for one page. */
export function CrudTable<Row extends { id: number }>({
  list,
  columns,
  emptyText,
  scrollX,
  title,
  extra,
}: CrudTableProps<Row>) {
  const isMobile = useIsMobile();
  const { rows, loading, page, pageSize, total, onPage } = list.table;
  return (
    <Card title={title} extra={extra}>
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
