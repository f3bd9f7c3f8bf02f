import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, type TableColumnsType } from 'antd';
import type { CrudTexts } from './crud-texts';

interface RowActions {
  /** the row's name, for the buttons' accessible labels */
  name: string;
  confirmDelete: string;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
}

/** A table row's edit button and its delete button behind a confirmation. */
export function CrudRowActions({
  texts,
  name,
  confirmDelete,
  onEdit,
  onDelete,
}: RowActions & { texts: CrudTexts }) {
  return (
    <Space size={2}>
      <Button type="text" icon={<EditOutlined />} aria-label={`${texts.edit} ${name}`} onClick={onEdit} />
      <Popconfirm
        title={confirmDelete}
        okText={texts.delete}
        okButtonProps={{ danger: true }}
        cancelText={texts.cancel}
        onConfirm={onDelete}
      >
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${texts.delete} ${name}`} />
      </Popconfirm>
    </Space>
  );
}

/** The "actions" column of an admin table: each row's edit and delete buttons. */
export function actionsColumn<Row>(
  title: string,
  texts: CrudTexts,
  actions: (row: Row) => RowActions,
): TableColumnsType<Row>[number] {
  return {
    title,
    key: 'actions',
    width: 100,
    render: (_: unknown, row: Row) => <CrudRowActions texts={texts} {...actions(row)} />,
  };
}
