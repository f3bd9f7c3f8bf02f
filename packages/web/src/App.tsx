import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, type ThemeConfig } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './api/query-client';
import { TOAST_DURATION_S } from './config/constants';
import { ToastBridge } from './feedback/ToastBridge';
import { i18n } from './i18n';
import { ANTD_LOCALES } from './i18n/antd-locale';
import { useLanguage } from './i18n/use-language';
import { router } from './router';

const THEME: ThemeConfig = {
  token: { colorPrimary: '#1677ff', borderRadius: 8 },
  // Narrower menu items so the whole default menu fits the top bar at laptop widths in both languages.
  components: { Menu: { itemPaddingInline: 10 } },
};

/** Ant Design follows the interface language; toasts replace each other (spec part 1 §8). */
function ThemedApp() {
  const language = useLanguage();
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[language]}
      theme={THEME}
      // Button texts stay exactly as translated (antd would put a space inside two-character Chinese labels).
      button={{ autoInsertSpace: false }}
    >
      <AntdApp message={{ maxCount: 1, duration: TOAST_DURATION_S }}>
        <ToastBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedApp />
    </I18nextProvider>
  );
}
