import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Tooltip, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { CrudTexts } from './crud-texts';

/** The words the row actions use. */
export type RowTexts = Pick<CrudTexts, 'edit' | 'delete' | 'cancel'>;

interface RowActions {
  /** the row's name, for the buttons' accessible labels */
  name: string;
  confirmDelete: string;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
  /** the delete's spinner */
  deleting?: boolean;
  /** more buttons of the row, between edit and delete */
  extra?: ReactNode;
  /** why the viewer may not change this row: edit and delete are disabled, with this as their tooltip */
  locked?: string;
}

/** A table row's edit button and its delete button behind a confirmation. */
export function CrudRowActions({
  texts,
  name,
  confirmDelete,
  onEdit,
  onDelete,
  deleting,
  extra,
  locked,
}: RowActions & { texts: RowTexts }) {
  const remove = (
    <Button
      type="text"
      danger
      icon={<DeleteOutlined />}
      aria-label={`${texts.delete} ${name}`}
      loading={deleting}
      disabled={!!locked}
    />
  );
  return (
    <Space size={2}>
      <Tooltip title={locked}>
        <Button
          type="text"
          icon={<EditOutlined />}
          aria-label={`${texts.edit} ${name}`}
          disabled={!!locked}
          onClick={onEdit}
        />
      </Tooltip>
      {extra}
      {locked ? (
        <Tooltip title={locked}>{remove}</Tooltip>
      ) : (
        <Popconfirm
          title={confirmDelete}
          okText={texts.delete}
          okButtonProps={{ danger: true }}
          cancelText={texts.cancel}
          onConfirm={onDelete}
        >
          {remove}
        </Popconfirm>
      )}
    </Space>
  );
}

/** The "actions" column of an admin table: each row's edit and delete buttons (and its `extra`). */
export function actionsColumn<Row>(
  title: string,
  texts: RowTexts,
  actions: (row: Row) => RowActions,
  width = 100,
): TableColumnsType<Row>[number] {
  return {
    title,
    key: 'actions',
    width,
    render: (_: unknown, row: Row) => <CrudRowActions texts={texts} {...actions(row)} />,
  };
}
