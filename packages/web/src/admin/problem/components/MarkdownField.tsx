import { Input, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownPreview } from './MarkdownPreview';

type View = 'write' | 'preview';

/** A markdown text with a Write / Preview switch (statement fields of the problem form). */
export function MarkdownField({
  value,
  onChange,
  label,
  rows = 6,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  rows?: number;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('write');
  return (
    <div className="ap-md-field">
      <div className="ap-md-field-bar">
        <span className="ap-md-field-label">{label}</span>
        <Segmented<View>
          size="small"
          value={view}
          onChange={setView}
          options={[
            { value: 'write', label: t('adminProblem.form.write') },
            { value: 'preview', label: t('adminProblem.form.preview') },
          ]}
        />
      </div>
      {view === 'write' ? (
        <Input.TextArea
          aria-label={label}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoSize={{ minRows: rows, maxRows: 24 }}
          placeholder={t('adminProblem.form.markdownHelp')}
        />
      ) : (
        <div className="ap-md-field-preview">
          <MarkdownPreview text={value} empty={t('adminProblem.form.previewEmpty')} />
        </div>
      )}
    </div>
  );
}
