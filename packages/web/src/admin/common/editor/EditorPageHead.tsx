import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { Link } from 'react-router';

/** The head of an admin edit form (problem, training, contest): its title and the way back to its list. */
export function EditorPageHead({
  title,
  backTo,
  backLabel,
}: {
  title: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <div className="ap-page-head">
      <Typography.Title level={3} className="ap-page-title">
        {title}
      </Typography.Title>
      <Link to={backTo}>
        <Button icon={<ArrowLeftOutlined />}>{backLabel}</Button>
      </Link>
    </div>
  );
}
