import type { TablePaginationConfig } from 'antd';

/** One server page of an admin list: where it is, how long, and how to go to another. */
export interface AdminPage {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** The admin lists' pager: a simple one on a phone, no size changer, none at all for one page. */
export function adminPager(at: AdminPage, isMobile: boolean): TablePaginationConfig {
  return {
    current: at.page,
    pageSize: at.pageSize,
    total: at.total,
    simple: isMobile,
    showSizeChanger: false,
    hideOnSinglePage: true,
    onChange: at.onPage,
  };
}
