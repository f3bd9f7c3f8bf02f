import { Layout } from 'antd';
import type { NavMode } from '../../routing/route-meta';
import { LanguageSwitch } from '../LanguageSwitch';
import { AccountArea } from './AccountArea';
import { NavMenu } from './NavMenu';
import { SiteLogo } from './SiteLogo';

/** 768 px and wider: logo, horizontal menu, language and account on one bar. */
export function DesktopTopBar({ mode }: { mode: NavMode }) {
  return (
    <Layout.Header className="top-bar">
      <SiteLogo />
      <div className="top-bar-menu">
        <NavMenu mode={mode} layout="horizontal" />
      </div>
      <div className="top-bar-actions">
        <LanguageSwitch />
        <AccountArea />
      </div>
    </Layout.Header>
  );
}
