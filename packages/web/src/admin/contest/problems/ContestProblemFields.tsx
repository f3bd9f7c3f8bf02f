import { Col, ColorPicker, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DISPLAY_ID_MAX,
  DISPLAY_TITLE_MAX,
  type ContestProblemDraft,
  type ContestProblemErrorKey,
} from './contest-problem';

/** Display id, display title and balloon colour of a problem in a contest (reference §4.4). */
export function ContestProblemFields({
  draft,
  onChange,
  errors,
  idPrefix,
  displayIdText,
}: {
  draft: ContestProblemDraft;
  onChange: (draft: ContestProblemDraft) => void;
  errors: Partial<Record<'displayId' | 'displayTitle', ContestProblemErrorKey>>;
  idPrefix: string;
  /** the display id a "taken" message names */
  displayIdText?: string;
}) {
  const { t } = useTranslation();
  const help = (field: 'displayId' | 'displayTitle') =>
    errors[field]
      ? {
          validateStatus: 'error' as const,
          help: t(`adminContest.problems.${errors[field]}`, { displayId: displayIdText ?? draft.displayId }),
        }
      : {};
  return (
    <Form layout="vertical" component="div">
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item
            label={t('adminContest.problems.displayId')}
            htmlFor={`${idPrefix}-displayId`}
            required
            {...help('displayId')}
          >
            <Input
              id={`${idPrefix}-displayId`}
              value={draft.displayId}
              maxLength={DISPLAY_ID_MAX}
              onChange={(event) => onChange({ ...draft, displayId: event.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label={t('adminContest.problems.displayTitle')}
            htmlFor={`${idPrefix}-displayTitle`}
            required
            {...help('displayTitle')}
          >
            <Input
              id={`${idPrefix}-displayTitle`}
              value={draft.displayTitle}
              maxLength={DISPLAY_TITLE_MAX}
              onChange={(event) => onChange({ ...draft, displayTitle: event.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={4}>
          <Form.Item label={t('adminContest.problems.color')}>
            <ColorPicker
              aria-label={t('adminContest.problems.color')}
              value={draft.color ?? undefined}
              allowClear
              disabledAlpha
              onChangeComplete={(color) => onChange({ ...draft, color: color.toHexString() })}
              onClear={() => onChange({ ...draft, color: null })}
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
