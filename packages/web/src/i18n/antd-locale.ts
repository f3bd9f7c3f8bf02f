import enUSLocale from 'antd/locale/en_US';
import zhCNLocale from 'antd/locale/zh_CN';
import type { ConfigProviderProps } from 'antd';
import type { Language } from './language';

/** Ant Design's own texts (pagination, empty states, modals) follow the interface language. */
type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

export const ANTD_LOCALES: Record<Language, AntdLocale> = {
  'zh-CN': zhCNLocale,
  'en-US': enUSLocale,
};
