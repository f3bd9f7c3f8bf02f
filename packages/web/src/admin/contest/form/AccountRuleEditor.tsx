import { Col, Form, Input, InputNumber, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountRulePreview, type AccountRule } from './account-rule';

/** The account-limit rule (reference §4.4, §7.18): prefix + number range + suffix, plus extra accounts. */
export function AccountRuleEditor({
  rule,
  onChange,
  error,
}: {
  rule: AccountRule;
  onChange: (rule: AccountRule) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const preview = accountRulePreview(rule);
  const text = (field: 'prefix' | 'suffix') => (
    <Form.Item label={t(`adminContest.form.rule.${field}`)} htmlFor={`acn-rule-${field}`}>
      <Input
        id={`acn-rule-${field}`}
        value={rule[field]}
        maxLength={20}
        onChange={(event) => onChange({ ...rule, [field]: event.target.value })}
      />
    </Form.Item>
  );
  const number = (field: 'start' | 'end') => (
    <Form.Item
      label={t(`adminContest.form.rule.${field}`)}
      htmlFor={`acn-rule-${field}`}
      validateStatus={error ? 'error' : undefined}
    >
      <InputNumber
        id={`acn-rule-${field}`}
        min={0}
        max={1_000_000}
        precision={0}
        value={rule[field]}
        onChange={(value) => onChange({ ...rule, [field]: value })}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
  return (
    <>
      <Row gutter={12}>
        <Col xs={12} md={6}>
          {text('prefix')}
        </Col>
        <Col xs={12} md={6}>
          {number('start')}
        </Col>
        <Col xs={12} md={6}>
          {number('end')}
        </Col>
        <Col xs={12} md={6}>
          {text('suffix')}
        </Col>
      </Row>
      {error && (
        <Typography.Text type="danger" className="ap-note" role="alert">
          {error}
        </Typography.Text>
      )}
      {preview.length > 0 && (
        <Typography.Paragraph type="secondary" className="acn-rule-preview">
          {t('adminContest.form.rule.preview', { names: preview.join(', ') })}
        </Typography.Paragraph>
      )}
      <Form.Item
        label={t('adminContest.form.rule.extra')}
        htmlFor="acn-rule-extra"
        extra={t('adminContest.form.rule.extraHelp')}
      >
        <Input.TextArea
          id="acn-rule-extra"
          value={rule.extra}
          autoSize={{ minRows: 2, maxRows: 8 }}
          onChange={(event) => onChange({ ...rule, extra: event.target.value })}
        />
      </Form.Item>
    </>
  );
}
