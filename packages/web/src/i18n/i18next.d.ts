import 'i18next';
import type { zhCN } from './zh-CN';

// Message keys are checked at compile time against the zh-CN resource.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof zhCN };
  }
}
