import { Outlet } from 'react-router';
import { useDocumentTitle } from '../routing/use-document-title';
import { useLanguageQuery } from './use-language-query';

/** Pages that open in their own window without the site's bars (the scroll board). */
export function BareLayout() {
  useDocumentTitle();
  useLanguageQuery();
  return (
    <main className="bare-page">
      <Outlet />
    </main>
  );
}
