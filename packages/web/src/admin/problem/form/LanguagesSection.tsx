import { Checkbox, Collapse, Empty, Form, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LanguageRow } from '../../../api/admin-problem';
import { CodeField } from '../components/CodeField';
import { errorProps, type SectionProps } from './section';

/**
 * The languages a problem accepts (all, or one by one) and a code template per chosen language
 * (spec part 2 §3, §5: an enabled template cannot be empty).
 */
export function LanguagesSection({
  form,
  update,
  errors,
  languages,
}: SectionProps & { languages: LanguageRow[] }) {
  const { t } = useTranslation();
  const chosen = new Set(form.languageIds);
  const all = languages.length > 0 && languages.every((l) => chosen.has(l.id));
  const some = !all && languages.some((l) => chosen.has(l.id));
  const chosenLanguages = languages.filter((l) => chosen.has(l.id));

  const setTemplate = (lid: number, change: Partial<{ enabled: boolean; code: string }>) =>
    update((f) => ({
      ...f,
      templates: { ...f.templates, [lid]: { enabled: false, code: '', ...f.templates[lid], ...change } },
    }));

  return (
    <>
      <Form.Item label={t('adminProblem.form.languages')} required {...errorProps(errors, 'languages')}>
        <div className="ap-languages">
          <Checkbox
            checked={all}
            indeterminate={some}
            onChange={(event) =>
              update({ languageIds: event.target.checked ? languages.map((l) => l.id) : [] })
            }
          >
            {t('adminProblem.form.allLanguages')}
          </Checkbox>
          <Checkbox.Group
            className="ap-language-list"
            value={form.languageIds}
            onChange={(ids) =>
              update({ languageIds: languages.map((l) => l.id).filter((id) => ids.includes(id)) })
            }
          >
            {languages.map((language) => (
              <Checkbox key={language.id} value={language.id}>
                {language.available === false ? (
                  <Tooltip title={t('adminProblem.form.languageUnavailable')}>
                    <span className="ap-language-off">{language.name}</span>
                  </Tooltip>
                ) : (
                  language.name
                )}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </div>
      </Form.Item>
      <Form.Item
        label={t('adminProblem.form.codeTemplates')}
        extra={errors.templates ? undefined : t('adminProblem.form.codeTemplatesHelp')}
        {...errorProps(errors, 'templates')}
      >
        {chosenLanguages.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminProblem.form.templateNone')} />
        ) : (
          <Collapse
            size="small"
            items={chosenLanguages.map((language) => {
              const template = form.templates[language.id] ?? { enabled: false, code: '' };
              return {
                key: String(language.id),
                label: (
                  <span className={template.enabled ? 'ap-template-on' : undefined}>
                    {language.name}
                    {template.enabled && template.code.trim() === '' && (
                      <Typography.Text type="danger"> *</Typography.Text>
                    )}
                  </span>
                ),
                extra: (
                  // the switch must not open or close the panel
                  <span onClick={(event) => event.stopPropagation()}>
                    <Switch
                      size="small"
                      checked={template.enabled}
                      aria-label={`${language.name} ${t('adminProblem.form.codeTemplates')}`}
                      checkedChildren={t('adminProblem.form.templateEnabled')}
                      unCheckedChildren={t('adminProblem.form.templateDisabled')}
                      onChange={(enabled) => setTemplate(language.id, { enabled })}
                    />
                  </span>
                ),
                children: (
                  <CodeField
                    label={`${language.name} ${t('adminProblem.form.codeTemplates')}`}
                    value={template.code}
                    onChange={(code) => setTemplate(language.id, { code })}
                    mode={language.contentType}
                    minHeight="180px"
                  />
                ),
              };
            })}
          />
        )}
      </Form.Item>
    </>
  );
}
