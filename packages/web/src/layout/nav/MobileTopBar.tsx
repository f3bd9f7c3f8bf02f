import { Layout } from 'antd';
import type { NavMode } from '../../routing/route-meta';
import { LanguageSwitch } from '../LanguageSwitch';
import { AccountArea } from './AccountArea';
import { NavDrawer } from './NavDrawer';
import { SiteLogo } from './SiteLogo';

/** Under 768 px: a hamburger opens the menu in a drawer (spec part 1 §2 "Shell"). */
export function MobileTopBar({ mode }: { mode: NavMode }) {
  return (
    <Layout.Header className="top-bar top-bar--mobile">
      <NavDrawer mode={mode} />
      <SiteLogo />
      <div className="top-bar-actions">
        <LanguageSwitch compact />
        <AccountArea compact />
      </div>
    </Layout.Header>
  );
}
