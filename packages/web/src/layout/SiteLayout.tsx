import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { RouteProgressBar } from '../routing/RouteProgressBar';
import { useMatchedMeta } from '../routing/route-meta';
import { useDocumentTitle } from '../routing/use-document-title';
import { LoginModal } from './LoginModal';
import { SiteFooter } from './SiteFooter';
import { useLanguageQuery } from './use-language-query';
import { SiteHeader } from './nav/SiteHeader';

/** The user site's shell: top bar, page, footer and the account dialog. */
export function SiteLayout() {
  useDocumentTitle();
  useLanguageQuery();
  const hideFooter = useMatchedMeta().some((meta) => meta.hideFooter);
  return (
    <Layout className="site">
      <RouteProgressBar />
      <SiteHeader />
      <Layout.Content className="site-content">
        <Outlet />
      </Layout.Content>
      {hideFooter ? null : <SiteFooter />}
      <LoginModal />
    </Layout>
  );
}
