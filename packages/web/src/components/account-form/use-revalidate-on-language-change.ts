import type { FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { useLanguage } from '../../i18n/use-language';

/** Messages already shown are re-made in the new language when the user switches it. */
export function useRevalidateOnLanguageChange(form: FormInstance): void {
  const language = useLanguage();
  const shown = useRef(language);
  useEffect(() => {
    if (shown.current === language) return;
    shown.current = language;
    const withErrors = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name);
    if (withErrors.length > 0) form.validateFields(withErrors).catch(() => undefined);
  }, [form, language]);
}
