import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { RefreshButton } from './RefreshButton';

interface CrudPageHeadProps {
  title: string;
  /** a line under the title (the contest's name on a contest's page) */
  subtitle?: ReactNode;
  refreshLabel: string;
  fetching: boolean;
  onRefresh: () => void;
  /** the "create" button, when the page has one in its head */
  create?: { label: string; onClick: () => void };
  /** controls shown before the refresh button (filters) */
  children?: ReactNode;
}

/** An admin list page's title with its refresh (spinning while the lists load) and create buttons. */
export function CrudPageHead({
  title,
  subtitle,
  refreshLabel,
  fetching,
  onRefresh,
  create,
  children,
}: CrudPageHeadProps) {
  return (
    <div className="ap-page-head">
      <div>
        <Typography.Title level={3} className="ap-page-title">
          {title}
        </Typography.Title>
        {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
      </div>
      <Space wrap>
        {children}
        <RefreshButton label={refreshLabel} fetching={fetching} onRefresh={onRefresh} />
        {create && (
          <Button type="primary" icon={<PlusOutlined />} onClick={create.onClick}>
            {create.label}
          </Button>
        )}
      </Space>
    </div>
  );
}
