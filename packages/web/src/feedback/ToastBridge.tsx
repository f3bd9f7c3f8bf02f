import { App } from 'antd';
import { useEffect } from 'react';
import { bindToastInstance } from './toast';

/** Hands the context-aware message instance of antd's <App> to the toast module. */
export function ToastBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    bindToastInstance(message);
    return () => bindToastInstance(null);
  }, [message]);
  return null;
}
