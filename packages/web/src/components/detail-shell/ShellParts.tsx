import { Button, Card, Result, Skeleton, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { ApiError } from '../../api/http';

/**
 * The pieces a contest's and a training's detail shell share: the page that failed to load, the
 * skeleton while it loads, and the tabs whose closed tab shows a 403 instead of its page.
 */

/** A 403 from the server shows as such; anything else (or a bad id) as not found. */
export function ShellLoadFailed({
  error,
  title,
  backTo,
  backLabel,
}: {
  error: unknown;
  title: string;
  backTo: string;
  backLabel: string;
}) {
  const status = error instanceof ApiError ? error.status : undefined;
  return (
    <Result
      status={status === 403 ? '403' : '404'}
      title={title}
      subTitle={error instanceof ApiError ? error.message : undefined}
      extra={
        <Link to={backTo}>
          <Button type="primary">{backLabel}</Button>
        </Link>
      }
    />
  );
}

export function ShellLoading() {
  return (
    <Card>
      <Skeleton active paragraph={{ rows: 6 }} />
    </Card>
  );
}

export interface ShellTab<K extends string> {
  key: K;
  /** the tab's path under `base` ('' for the first tab) */
  path: string;
  disabled: boolean;
}

/**
 * The tabs under a shell's header and the active tab's page (the router's outlet). A tab is a
 * link to its path; a closed tab reached by its address shows `closed` with a way back to `base`,
 * and a page that is not the viewer's at all (`forbidden`, e.g. a staff tab) a 403 page.
 */
export function ShellTabs<K extends string>({
  base,
  tabs,
  activeTab,
  icons,
  labelOf,
  className,
  bodyClassName,
  closed,
  forbidden,
}: {
  base: string;
  tabs: ShellTab<K>[];
  activeTab: K;
  icons: Record<K, ReactNode>;
  labelOf: (key: K) => string;
  className: string;
  bodyClassName: string;
  closed: { title: string; subTitle: string; backLabel: string };
  forbidden?: { title: string; subTitle: string } | null;
}) {
  const navigate = useNavigate();
  const back = (
    <Button type="primary" onClick={() => navigate(base)}>
      {closed.backLabel}
    </Button>
  );
  return (
    <>
      <Tabs
        className={`shell-tabs ${className}`}
        activeKey={activeTab}
        onChange={(key) => {
          const tab = tabs.find((item) => item.key === key);
          if (tab) navigate(tab.path ? `${base}/${tab.path}` : base);
        }}
        items={tabs.map((tab) => ({
          key: tab.key,
          disabled: tab.disabled,
          label: (
            <span data-tab={tab.key}>
              {icons[tab.key]} {labelOf(tab.key)}
            </span>
          ),
        }))}
      />
      <div className={bodyClassName}>
        {forbidden ? (
          <Result
            status="403"
            title={forbidden.title}
            subTitle={forbidden.subTitle}
            extra={back}
            data-testid="tab-forbidden"
          />
        ) : tabs.find((tab) => tab.key === activeTab)?.disabled ? (
          <Result status="403" title={closed.title} subTitle={closed.subTitle} extra={back} />
        ) : (
          <Outlet />
        )}
      </div>
    </>
  );
}
