import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';

/** Takes a problem out of a contest or training, once confirmed. */
export function RemoveProblemButton({
  confirmTitle,
  label,
  ariaLabel,
  cancelLabel,
  loading,
  onConfirm,
}: {
  confirmTitle: string;
  label: string;
  ariaLabel: string;
  cancelLabel: string;
  loading: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  return (
    <Popconfirm
      title={confirmTitle}
      okText={label}
      okButtonProps={{ danger: true }}
      cancelText={cancelLabel}
      onConfirm={onConfirm}
      overlayStyle={{ maxWidth: 360 }}
    >
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        loading={loading}
        aria-label={ariaLabel}
        // a title, not a tooltip: a tooltip would lie over the confirmation's buttons
        title={label}
      />
    </Popconfirm>
  );
}
