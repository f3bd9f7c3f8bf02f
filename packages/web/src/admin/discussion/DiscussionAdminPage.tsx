import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DiscussionTable } from './DiscussionTable';
import { ReportTable } from './ReportTable';
import '../problem/admin-problem.css';
import './admin-discussion.css';

/**
 * /admin/discussion (spec part 2 §2.7, reference §3.12 "Discussions"): the discussions (search,
 * hide/show, pin, delete several) and the discussion reports (state, mark handled) in two tabs;
 * `?tab=reports` opens the second.
 */
export function DiscussionAdminPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'reports' ? 'reports' : 'discussions';
  return (
    <div className="ap-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'reports' ? { tab: 'reports' } : {}, { replace: true })}
        items={[
          { key: 'discussions', label: t('adminDiscussion.tabDiscussions'), children: <DiscussionTable /> },
          { key: 'reports', label: t('adminDiscussion.tabReports'), children: <ReportTable /> },
        ]}
      />
    </div>
  );
}
