import 'antd/dist/reset.css';
// Ant Design's components' styles, prebuilt (App.tsx's zeroRuntime)
import 'antd/dist/antd.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { refreshUserInfo } from './api/account';
import { installResponseHandling } from './api/client';
import { App } from './App';
import { isOnAdminPage, navigateTo } from './routing/navigate';
import { startCrossTabTokenSync } from './store/cross-tab-sync';

installResponseHandling();

// Spec part 1 §1: follow logins and logouts made in other tabs.
startCrossTabTokenSync({
  onAdopted: () => void refreshUserInfo().catch(() => undefined),
  onSignedOut: () => navigateTo(isOnAdminPage() ? '/admin/login' : '/home'),
});

// Spec part 1 §1: on start, if logged in, the user info is refreshed.
void refreshUserInfo().catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
