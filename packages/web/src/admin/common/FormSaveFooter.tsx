import { SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import { Link } from 'react-router';

export interface FormSaveFooterTexts {
  fixErrors: string;
  saveFailed: string;
  save: string;
  saving: string;
  cancel: string;
}

interface FormSaveFooterProps {
  /** the form's validation errors, already in the interface language */
  errors: string[];
  /** the server's refusal of the last save, shown when the form itself is valid */
  saveError?: string | null;
  saving: boolean;
  onSave: () => void;
  /** where Cancel goes (the list the form was opened from) */
  cancelTo: string;
  texts: FormSaveFooterTexts;
}

/**
 * The foot of a long admin form (problem, contest): every error in one list, the server's refusal,
 * and the save bar with a one-line summary beside the buttons, since the list may be scrolled away.
 */
export function FormSaveFooter({ errors, saveError, saving, onSave, cancelTo, texts }: FormSaveFooterProps) {
  const summary =
    errors.length > 0 ? `${errors[0]!}${errors.length > 1 ? ` (+${errors.length - 1})` : ''}` : saveError;
  return (
    <>
      {errors.length > 0 && (
        <Alert
          className="ap-alert"
          type="error"
          showIcon
          title={texts.fixErrors}
          description={
            <ul className="ap-error-list">
              {errors.map((text, i) => (
                <li key={`${text}-${i}`}>{text}</li>
              ))}
            </ul>
          }
        />
      )}
      {saveError && errors.length === 0 && (
        <Alert className="ap-alert" type="error" showIcon title={texts.saveFailed} description={saveError} />
      )}
      <div className="ap-savebar">
        <Button type="primary" size="large" icon={<SaveOutlined />} loading={saving} onClick={onSave}>
          {saving ? texts.saving : texts.save}
        </Button>
        <Link to={cancelTo}>
          <Button size="large">{texts.cancel}</Button>
        </Link>
        {summary && (
          <Typography.Text type="danger" className="ap-savebar-error" role="alert">
            {summary}
          </Typography.Text>
        )}
      </div>
    </>
  );
}
