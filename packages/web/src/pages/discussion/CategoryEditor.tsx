import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveDiscussionCategories, type CategoryVO } from '../../api/discussion';
import { toast } from '../../feedback/toast';

interface Row {
  key: string;
  id: number | null;
  name: string;
}

let nextKey = 0;
const rowOf = (c: CategoryVO): Row => ({ key: `c${c.id}`, id: c.id, name: c.name ?? '' });

/**
 * The super admin's category edit mode (spec part 2 §2.3, reference §3.8 `POST
 * /api/discussion-category`): rename, add and remove, saved as one list. The server keeps a
 * category that a post still uses and says so.
 */
export function CategoryEditor({
  open,
  categories,
  onClose,
  onSaved,
}: {
  open: boolean;
  categories: CategoryVO[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) setRows(categories.map(rowOf));
  }, [open, categories]);

  const save = async () => {
    if (rows.some((r) => r.name.trim() === '')) {
      toast.error(t('discussion.category.emptyName'));
      return;
    }
    setSaving(true);
    try {
      await saveDiscussionCategories(rows.map((r) => ({ id: r.id, name: r.name.trim() })));
      toast.success(t('discussion.category.saved'));
      onSaved();
      onClose();
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('discussion.category.title')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('discussion.category.save')}
      cancelText={t('discussion.category.cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Space direction="vertical" className="category-editor" style={{ width: '100%' }}>
        {rows.map((row, index) => (
          <Space.Compact key={row.key} style={{ width: '100%' }}>
            <Input
              aria-label={`${t('discussion.category.name')} ${index + 1}`}
              value={row.name}
              maxLength={255}
              onChange={(e) =>
                setRows(rows.map((r) => (r.key === row.key ? { ...r, name: e.target.value } : r)))
              }
            />
            <Button
              icon={<DeleteOutlined />}
              aria-label={`${t('discussion.category.remove')} ${row.name}`}
              onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
            />
          </Space.Compact>
        ))}
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          onClick={() => setRows([...rows, { key: `n${nextKey++}`, id: null, name: '' }])}
        >
          {t('discussion.category.add')}
        </Button>
      </Space>
    </Modal>
  );
}
