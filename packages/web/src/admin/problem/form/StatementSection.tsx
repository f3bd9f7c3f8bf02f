import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MarkdownField } from '../components/MarkdownField';
import { EXAMPLES_MAX, nextKey } from './problem-form';
import { errorProps, type SectionProps } from './section';

/** Description, input, output and hint in markdown with a preview (spec part 2 §3). */
export function StatementSection({ form, update, errors }: SectionProps) {
  const { t } = useTranslation();
  const field = (name: 'description' | 'input' | 'output' | 'hint', rows: number) => (
    <MarkdownField
      label={t(`adminProblem.form.${name}`)}
      value={form[name]}
      onChange={(value) => update({ [name]: value })}
      rows={rows}
    />
  );
  return (
    <Form.Item {...errorProps(errors, 'statement')}>
      <div className="ap-statement">
        {field('description', 8)}
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            {field('input', 4)}
          </Col>
          <Col xs={24} lg={12}>
            {field('output', 4)}
          </Col>
        </Row>
        {field('hint', 3)}
      </div>
    </Form.Item>
  );
}

/** The statement's examples: input and output pairs, added and removed (spec part 2 §5: at most 2). */
export function ExamplesSection({ form, update }: SectionProps) {
  const { t } = useTranslation();
  const change = (key: string, side: 'input' | 'output', value: string) =>
    update((f) => ({ ...f, examples: f.examples.map((e) => (e.key === key ? { ...e, [side]: value } : e)) }));
  const full = form.examples.length >= EXAMPLES_MAX;
  return (
    <div className="ap-examples">
      {form.examples.map((example, index) => (
        <Card
          key={example.key}
          size="small"
          className="ap-example"
          title={t('adminProblem.form.example', { n: index + 1 })}
          extra={
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('adminProblem.common.remove')} ${t('adminProblem.form.example', { n: index + 1 })}`}
              onClick={() =>
                update((f) => ({ ...f, examples: f.examples.filter((e) => e.key !== example.key) }))
              }
            />
          }
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label={t('adminProblem.form.exampleInput')} htmlFor={`ap-ex-in-${example.key}`}>
                <Input.TextArea
                  id={`ap-ex-in-${example.key}`}
                  className="ap-mono"
                  value={example.input}
                  onChange={(event) => change(example.key, 'input', event.target.value)}
                  autoSize={{ minRows: 3, maxRows: 12 }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('adminProblem.form.exampleOutput')} htmlFor={`ap-ex-out-${example.key}`}>
                <Input.TextArea
                  id={`ap-ex-out-${example.key}`}
                  className="ap-mono"
                  value={example.output}
                  onChange={(event) => change(example.key, 'output', event.target.value)}
                  autoSize={{ minRows: 3, maxRows: 12 }}
                />
              </Form.Item>
            </Col>
          </Row>
        </Card>
      ))}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        disabled={full}
        onClick={() =>
          update((f) => ({ ...f, examples: [...f.examples, { key: nextKey('e'), input: '', output: '' }] }))
        }
      >
        {t('adminProblem.form.addExample')}
      </Button>
      {full && (
        <Typography.Text type="secondary" className="ap-note">
          {t('adminProblem.form.examplesMax', { max: EXAMPLES_MAX })}
        </Typography.Text>
      )}
    </div>
  );
}
