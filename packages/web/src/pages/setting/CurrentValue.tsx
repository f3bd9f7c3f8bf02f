import { Form, Typography } from 'antd';

/**
 * What the account has now, above the form that changes it (the e-mail address and the mobile
 * number of the Account pane, spec part 2 §2.6); `none` in grey when nothing is set.
 */
export function CurrentValue({
  label,
  value,
  none,
  className,
}: {
  label: string;
  value: string | null | undefined;
  none: string;
  className: string;
}) {
  return (
    <Form.Item label={label}>
      <Typography.Text className={className} type={value ? undefined : 'secondary'}>
        {value || none}
      </Typography.Text>
    </Form.Item>
  );
}
