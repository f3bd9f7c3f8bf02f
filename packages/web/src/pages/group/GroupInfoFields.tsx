import { Alert, Form, Input, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { MarkdownComposer } from '../../components/comments';
import {
  GROUP_AUTHS,
  GROUP_LIMITS,
  groupFormProblems,
  type FieldProblem,
  type GroupDraft,
  type GroupField,
} from './group-rules';

export const emptyGroupDraft = (): GroupDraft => ({
  name: '',
  shortName: '',
  brief: '',
  description: '',
  auth: 1,
  code: '',
  visible: true,
});

/** A field problem in words (spec part 2 §5 "Group form"). */
export function useProblemText() {
  const { t } = useTranslation();
  return (field: string, problem: FieldProblem | undefined): string | undefined => {
    if (!problem) return undefined;
    if (problem.kind === 'required') return t('group.form.required', { field });
    if (problem.kind === 'exact') return t('group.form.exact', { field, n: problem.n });
    return t('group.form.length', { field, min: problem.min, max: problem.max });
  };
}

/**
 * The group form (spec part 2 §2.2 create dialog and setting tab, §5 "Group form"): name, short
 * name, brief, markdown description, auth, the invitation code (not for Public groups) and the
 * visible switch. A field's problem shows once it was left (on blur) or a save was tried; the
 * server's refusal shows above the form.
 */
export function GroupInfoFields({
  draft,
  onChange,
  tried,
  touched,
  onTouch,
  serverError,
  idPrefix,
}: {
  draft: GroupDraft;
  onChange: (draft: GroupDraft) => void;
  tried: boolean;
  touched: ReadonlySet<GroupField>;
  onTouch: (field: GroupField) => void;
  serverError: string | null;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const problems = groupFormProblems(draft);
  const label = (field: GroupField) => t(`group.form.${field}`);
  const help = (field: GroupField) =>
    tried || touched.has(field) ? problemText(label(field), problems[field]) : undefined;
  const item = (field: GroupField, max: number, extra?: string) => (
    <Form.Item
      label={label(field)}
      htmlFor={`${idPrefix}-${field}`}
      required
      validateStatus={help(field) ? 'error' : undefined}
      help={help(field)}
      extra={extra}
    >
      <Input
        id={`${idPrefix}-${field}`}
        value={draft[field]}
        maxLength={max}
        showCount
        onBlur={() => onTouch(field)}
        onChange={(e) => onChange({ ...draft, [field]: e.target.value })}
      />
    </Form.Item>
  );

  return (
    <Form layout="vertical" component="div" className="group-form">
      {serverError ? (
        <Alert type="error" showIcon message={serverError} className="group-form__error" role="alert" />
      ) : null}
      <div className="group-form__row">
        {item('name', GROUP_LIMITS.name.max)}
        {item('shortName', GROUP_LIMITS.shortName.max, t('group.form.shortNameTips'))}
      </div>
      {item('brief', GROUP_LIMITS.brief.max)}
      <Form.Item
        required
        validateStatus={help('description') ? 'error' : undefined}
        help={help('description')}
      >
        <div onBlur={() => onTouch('description')}>
          <MarkdownComposer
            label={t('group.form.description')}
            value={draft.description}
            onChange={(description) => onChange({ ...draft, description })}
            rows={8}
          />
        </div>
      </Form.Item>
      <div className="group-form__row">
        <Form.Item label={t('group.form.auth')} required extra={t(`group.authTips.${draft.auth}`)}>
          <Radio.Group
            aria-label={t('group.form.auth')}
            optionType="button"
            value={draft.auth}
            onChange={(e) => onChange({ ...draft, auth: e.target.value as number })}
            options={GROUP_AUTHS.map((auth) => ({ value: auth, label: t(`group.auth.${auth}`) }))}
          />
        </Form.Item>
        {draft.auth !== 1 ? item('code', GROUP_LIMITS.codeLength, t('group.form.codeTips')) : null}
      </div>
      <Form.Item label={t('group.form.visible')} extra={t('group.form.visibleTips')}>
        <Switch
          aria-label={t('group.form.visible')}
          checked={draft.visible}
          onChange={(visible) => onChange({ ...draft, visible })}
        />
      </Form.Item>
    </Form>
  );
}
