import { ReloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';

/** An admin page's refresh button, spinning while its list loads. */
export function RefreshButton({
  label,
  fetching,
  onRefresh,
}: {
  label: string;
  fetching: boolean;
  onRefresh: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button icon={<ReloadOutlined spin={fetching} />} aria-label={label} onClick={onRefresh} />
    </Tooltip>
  );
}
