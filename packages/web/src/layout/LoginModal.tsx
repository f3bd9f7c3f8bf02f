import { Modal, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { registerModeOf, useWebsiteConfig } from '../api/home';
import { ApplyResetForm } from '../pages/account/ApplyResetForm';
import { LoginForm } from '../pages/account/LoginForm';
import { RegisterForm } from '../pages/account/RegisterForm';
import { RegisterUnavailable } from '../pages/account/RegisterUnavailable';
import { closeLoginModal, setLoginModalMode, useLoginModal, type LoginModalMode } from '../store/login-modal';
import { AccountLinks } from './AccountLinks';
import { useSiteShortName } from './site-name';
import './login-modal.css';

const MODES: LoginModalMode[] = ['login', 'register', 'resetPassword'];

function isMode(value: string): value is LoginModalMode {
  return (MODES as string[]).includes(value);
}

/** The account dialog with Login, Register and Reset Password (spec part 1 §2 "Shell"). */
export function LoginModal() {
  const { t } = useTranslation();
  const { open, mode, username } = useLoginModal();
  const { data: config } = useWebsiteConfig();
  const name = useSiteShortName();
  const registerMode = registerModeOf(config);
  const registerOpen = registerMode !== 'closed';
  const modes = registerOpen ? MODES : MODES.filter((m) => m !== 'register');

  const forms: Record<LoginModalMode, ReactNode> = {
    login: <LoginForm initialUsername={username} onSignedIn={closeLoginModal} />,
    register:
      registerMode === 'needs-mail' ? (
        <RegisterUnavailable />
      ) : (
        <RegisterForm
          withEmailCode={registerMode === 'email-code'}
          onRegistered={(registered) => setLoginModalMode('login', registered)}
        />
      ),
    resetPassword: <ApplyResetForm />,
  };

  return (
    <Modal
      open={open}
      title={name === null ? t(`account.tabs.${mode}`) : t(`account.dialogTitle.${mode}`, { name })}
      footer={null}
      width={420}
      onCancel={closeLoginModal}
      destroyOnHidden
      centered
      className="login-modal"
    >
      <Tabs
        activeKey={modes.includes(mode) ? mode : 'login'}
        onChange={(key) => {
          if (isMode(key)) setLoginModalMode(key);
        }}
        centered
        items={modes.map((m) => ({
          key: m,
          label: t(`account.tabs.${m}`),
          children: (
            <>
              {forms[m]}
              <AccountLinks mode={m} registerOpen={registerOpen} />
            </>
          ),
        }))}
      />
    </Modal>
  );
}
