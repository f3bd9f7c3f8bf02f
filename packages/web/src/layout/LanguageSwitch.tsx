import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n';
import { LANGUAGES, isLanguage } from '../i18n/language';
import { useLanguage } from '../i18n/use-language';

/** Chooses zh-CN or en-US; the choice is stored and survives reloads. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((code) => ({ key: code, label: t(`language.${code}`) })),
        onClick: ({ key }) => {
          if (isLanguage(key)) changeLanguage(key);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('language.label')}
        className="language-switch"
      >
        {compact ? null : t(`language.short.${language}`)}
      </Button>
    </Dropdown>
  );
}
