import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A message's delete button, behind a confirmation, spinning while the call runs. */
export function MessageDelete({ onDelete, name }: { onDelete: () => Promise<void>; name: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onDelete();
    } catch {
      // the client has shown the refusal
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popconfirm
      title={t('message.deleteConfirm')}
      okText={t('message.delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('message.cancel')}
      onConfirm={confirm}
    >
      <Button
        type="text"
        size="small"
        danger
        icon={<DeleteOutlined />}
        loading={busy}
        aria-label={`${t('message.delete')} ${name}`}
      />
    </Popconfirm>
  );
}
