/**
 * Lets code outside React (API client, cross-tab sync) navigate through the router without
 * importing it, which would create an import cycle (router → pages → API → router).
 */
let navigator: ((to: string) => void) | null = null;

export function bindNavigator(navigate: (to: string) => void): void {
  navigator = navigate;
}

export function navigateTo(to: string): void {
  if (navigator) navigator(to);
  else window.location.assign(to);
}

/** The admin app lives under /admin (spec part 2 §2.7). */
export function isAdminPath(pathname: string): boolean {
  return pathname.split('/')[1] === 'admin';
}

export function isOnAdminPage(): boolean {
  return isAdminPath(window.location.pathname);
}
